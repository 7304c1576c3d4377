import type { RequestBudget } from '../budget.ts';
import { CrmRefused, CrmUnavailable } from '../crm-client.ts';
import { reason, type TokenSource } from './token.ts';

// The Dataverse Web API's HTTP side: headers, the bearer token, a time limit, and the answers
// that mean "try again later" (Microsoft Learn: "Compose HTTP requests and handle errors",
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/compose-http-requests-handle-errors,
// and "Service protection API limits",
// https://learn.microsoft.com/power-apps/developer/data-platform/api-limits). What a 404 or a
// 412 means depends on the operation, so those come back to the client.

export const WEB_API_PATH = '/api/data/v9.2/';

export interface WebApiAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body; null for an empty one (204). */
  body: unknown;
}

export interface WebApiRequest {
  headers?: Record<string, string>;
  body?: unknown;
  /** For messages and logs: the outbox's operation id. */
  operationId?: string;
}

export class DataverseWebApi {
  /** `${DATAVERSE_URL}/api/data/v9.2/` */
  readonly base: string;

  constructor(
    url: string,
    private readonly tokens: TokenSource,
    private readonly timeoutMs = 15_000,
    /** The service protection limits' share every request takes from (`../budget.ts`). */
    private readonly budget?: RequestBudget,
  ) {
    this.base = new URL(WEB_API_PATH, url.replace(/\/+$/, '') + '/').href;
  }

  /**
   * A path below the base (`contacts(…)`), or a link Dataverse gave (`@odata.nextLink`,
   * `@odata.deltaLink`). A link elsewhere is refused: the bearer token goes only to Dataverse.
   */
  resolve(pathOrLink: string): string {
    if (!/^https?:\/\//i.test(pathOrLink)) return this.base + pathOrLink;
    if (!pathOrLink.startsWith(this.base)) {
      throw new CrmRefused(`the link ${pathOrLink} does not point into ${this.base}`, 400);
    }
    return pathOrLink;
  }

  async send(method: string, pathOrLink: string, request: WebApiRequest = {}) {
    const url = this.resolve(pathOrLink);
    const what = `${method} ${url.slice(this.base.length).split('?')[0] ?? ''}${
      request.operationId ? ` (operation ${request.operationId})` : ''
    }`;
    // A 401 means the cached token expired early or was revoked: one new token, one retry.
    for (let attempt = 1; ; attempt++) {
      const token = await this.tokens.get();
      await this.budget?.take();
      const started = Date.now();
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            'odata-maxversion': '4.0',
            'odata-version': '4.0',
            ...(request.body === undefined
              ? {}
              : { 'content-type': 'application/json; charset=utf-8' }),
            ...request.headers,
          },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (error) {
        this.budget?.spent(Date.now() - started);
        throw new CrmUnavailable(`Dataverse is not reachable for ${what}: ${reason(error)}`);
      }
      const body = await readBody(response, what).finally(() =>
        this.budget?.spent(Date.now() - started),
      );
      if (response.status === 401) {
        this.tokens.invalidate(token);
        if (attempt === 1) continue;
        throw new CrmUnavailable(`Dataverse refused a new token for ${what}: ${message(body)}`);
      }
      if (response.status === 429 || response.status >= 500) {
        // Service protection limits say how long to wait (Retry-After, in seconds); a 5xx may.
        const seconds = Number(response.headers.get('retry-after'));
        throw new CrmUnavailable(
          `Dataverse answered ${response.status} for ${what}: ${message(body)}`,
          Number.isFinite(seconds) && seconds >= 0 && response.headers.has('retry-after')
            ? seconds * 1000
            : undefined,
        );
      }
      return { status: response.status, headers: response.headers, body } satisfies WebApiAnswer;
    }
  }
}

async function readBody(response: Response, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new CrmUnavailable(`Dataverse's answer to ${what} broke off: ${reason(error)}`);
  }
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page, for instance; only a problem when we needed the body.
    if (response.ok) throw new CrmUnavailable(`Dataverse answered ${what} with no JSON`);
    return { error: { message: text.slice(0, 200) } };
  }
}

/** Dataverse's own words: `{ "error": { "code": "0x…", "message": "…" } }`. */
export function message(body: unknown): string {
  const error = (body as { error?: { message?: unknown; code?: unknown } } | null)?.error;
  if (typeof error?.message === 'string') {
    return typeof error.code === 'string' ? `${error.message} (${error.code})` : error.message;
  }
  return 'no reason given';
}

/** A refusal for good (400, 403, 404 on an update): parked with Dataverse's reason. */
export function refusal(answer: WebApiAnswer, what: string): CrmRefused {
  return new CrmRefused(
    `Dataverse refused ${what} (${answer.status}): ${message(answer.body)}`,
    answer.status,
  );
}
