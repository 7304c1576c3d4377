import { ErrorCode } from '@pp/contract';
import { ApiError } from '../lib/http/problem.ts';
import type { Secret } from './secret.ts';

export interface AdminHttpOptions {
  /** The provider's token endpoint for the client-credentials grant (RFC 6749 §4.4). */
  tokenUrl: string;
  /** Extra form parameters of the token request (Auth0's `audience`). */
  tokenParameters?: Record<string, string>;
  clientId: string;
  clientSecret: Secret;
  /** Where the administration calls go; paths are relative to it. */
  baseUrl: string;
  timeoutMs?: number;
}

export interface AdminAnswer {
  status: number;
  body: unknown;
}

/** The provider's administration could not be reached or failed: the api answers 503. */
function unavailable(): ApiError {
  return new ApiError(503, ErrorCode.unavailable);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls of an administration API with a bearer token of the client-credentials grant, renewed
 * shortly before it expires. Neither the secret nor the token ever leaves this module: errors
 * carry only a status (the api answers 503 for any failure of the provider).
 */
export function adminHttp(options: AdminHttpOptions) {
  const timeoutMs = options.timeoutMs ?? 5000;
  let current: { token: string; until: number } | undefined;

  async function accessToken(): Promise<string> {
    if (current && Date.now() < current.until) return current.token;
    let response: Response;
    try {
      response = await fetch(options.tokenUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: options.clientId,
          client_secret: options.clientSecret.reveal(),
          ...options.tokenParameters,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw unavailable();
    }
    const body = (await readBody(response).catch(() => undefined)) as
      { access_token?: unknown; expires_in?: unknown } | undefined;
    if (response.status !== 200 || typeof body?.access_token !== 'string') throw unavailable();
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 60;
    current = { token: body.access_token, until: Date.now() + Math.max(seconds - 30, 0) * 1000 };
    return current.token;
  }

  async function send(method: string, path: string, token: string, json?: unknown) {
    try {
      return await fetch(new URL(path, options.baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw unavailable();
    }
  }

  /**
   * One call; answers of the provider's 4xx range are the caller's to judge, 5xx fail. A token
   * the provider no longer takes (revoked, rotated secret) is fetched anew and the call repeated
   * once.
   */
  async function call(method: string, path: string, json?: unknown): Promise<AdminAnswer> {
    const cached = current !== undefined;
    let response = await send(method, path, await accessToken(), json);
    if (response.status === 401 && cached) {
      current = undefined;
      response = await send(method, path, await accessToken(), json);
    }
    if (response.status === 401 || response.status === 403) current = undefined;
    if (response.status >= 500 || response.status === 401 || response.status === 403) {
      throw unavailable();
    }
    return { status: response.status, body: await readBody(response).catch(() => undefined) };
  }

  return { call, unavailable };
}

export type AdminHttp = ReturnType<typeof adminHttp>;
