// Part of the light entry (decision 0034): the startup's first call, `Customer/GetCustomerData`
// (docs/product.md §4's startup: token → customer data → …), sent as soon as the session is
// settled, while the app's code starts (i18n, React's first render), instead of after it (issue
// 28, decision 0091). The api client takes the answer up. Nothing here imports the contract: a
// test holds the path equal to the call's.

/** `Customer/GetCustomerData` below the api's base. */
export const EARLY_CALL_PATH = '/api/v1/Customer/GetCustomerData';

/** An answer older than this is not taken: the data may have changed since. */
const EARLY_ANSWER_MAX_AGE_MS = 10_000;

interface EarlyAnswer {
  url: string;
  token: string;
  language: string;
  sentAt: number;
  response: Promise<Response>;
}

let early: EarlyAnswer | undefined;

/** Sends the startup's first call now, with the session's token and language. */
export function requestCustomerDataEarly(token: string, language: string): void {
  const url = new URL(EARLY_CALL_PATH, window.location.origin).href;
  const response = fetch(url, {
    headers: {
      accept: 'application/json',
      'accept-language': language,
      authorization: `Bearer ${token}`,
    },
  });
  // Whoever takes the answer handles its failure; one never taken is no error of its own.
  response.catch(() => undefined);
  early = { url, token, language, sentAt: performance.now(), response };
}

/**
 * The answer sent early for exactly this GET (address, token and language), once and while it
 * is fresh; otherwise undefined, and the caller sends its own.
 */
export function takeEarlyAnswer(
  url: URL,
  token: string | undefined,
  language: string,
): Promise<Response> | undefined {
  if (!early || early.url !== url.href) return undefined;
  const taken = early;
  early = undefined;
  const fresh = performance.now() - taken.sentAt <= EARLY_ANSWER_MAX_AGE_MS;
  return fresh && taken.token === token && taken.language === language ? taken.response : undefined;
}
