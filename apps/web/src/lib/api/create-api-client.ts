import { API_BASE, ErrorCode, type CallDefinition } from '@pp/contract';
import type { z } from 'zod';
import { ApiCallError, type ApiClient, type CallInput } from './api-context.ts';
import { carriesBearer } from './bearer-rule.ts';
import { takeEarlyAnswer } from './early-answer.ts';
import { problemError } from './problem-error.ts';

export interface ApiClientOptions {
  /** Origin of the api, e.g. `https://portal.example.com`; calls go to `/api/v1` below it. */
  apiOrigin: string;
  /** The current access token, or undefined when there is none. */
  getAccessToken: () => string | undefined;
  /** Called on every 401 with its code: the session is no longer accepted. */
  onUnauthorized: (code: ErrorCode) => void;
  /** The interface language, sent as `Accept-Language`. */
  getLanguage: () => string;
}

export function callUrl(apiOrigin: string, call: CallDefinition, query: object | undefined): URL {
  const url = new URL(`${API_BASE}${call.path}`, apiOrigin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      url.searchParams.append(key, String(item));
    }
  }
  return url;
}

/** The web app's client of the api: one `fetch` per call, answers checked against the contract. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  return {
    async call<C extends CallDefinition>(
      call: C,
      input: CallInput<C> = {},
    ): Promise<z.infer<C['response']>> {
      const { query, body, signal } = input;
      const url = callUrl(options.apiOrigin, call, query ?? undefined);
      const language = options.getLanguage();
      const headers = new Headers({ accept: 'application/json', 'accept-language': language });
      const token = options.getAccessToken();
      const toApi = carriesBearer(url, options.apiOrigin);
      if (token && toApi) {
        headers.set('authorization', `Bearer ${token}`);
      }
      if (body !== undefined) headers.set('content-type', 'application/json');

      let response: Response;
      try {
        const early =
          call.method === 'GET' && toApi ? takeEarlyAnswer(url, token, language) : undefined;
        response = await (early ??
          fetch(url, {
            method: call.method,
            headers,
            ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
            ...(signal ? { signal } : {}),
          }));
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new ApiCallError(0, ErrorCode.unavailable);
      }

      if (!response.ok) {
        const refusal = await problemError(response);
        if (response.status === 401) options.onUnauthorized(refusal.code);
        throw refusal;
      }
      const answer: unknown = response.status === 204 ? undefined : await response.json();
      // In the browser build a call's `response` is the compiled check of answer-schema.ts
      // (decision 0091), which answers `safeParse` like the zod schema it was compiled from.
      const parsed = call.response.safeParse(answer) as z.ZodSafeParseResult<
        z.infer<C['response']>
      >;
      if (!parsed.success) {
        console.error(`${call.path}: the answer does not match the contract`, parsed.error.issues);
        throw new ApiCallError(response.status, ErrorCode.internal);
      }
      return parsed.data;
    },
  };
}
