// Part of the light entry (decision 0034): the GET of the interface language's texts, started by
// the entry as soon as the app is sure to render, so that it runs while the app's chunks load
// instead of after them (issue 28, decision 0089). i18n.ts takes the answer up.

/** The translation file of a language, served by the api (docs/specification.md §7). */
export const translationsPath = (language: string) => `/assets/i18n/${language}.json`;

const requested = new Map<string, Promise<Response>>();

const request = (language: string) =>
  fetch(translationsPath(language), { headers: { accept: 'application/json' } });

/** Starts the GET of this language's texts now; the first `textsResponse` takes it. */
export function requestTextsEarly(language: string): void {
  if (requested.has(language)) return;
  const response = request(language);
  // Whoever takes the answer handles its failure; one never taken is no error of its own.
  response.catch(() => undefined);
  requested.set(language, response);
}

/** The GET started early for this language, once; otherwise a new one. */
export function textsResponse(language: string): Promise<Response> {
  const early = requested.get(language);
  requested.delete(language);
  return early ?? request(language);
}
