import { EXAMPLE_CREDENTIALS, type DataverseStandIn } from '../src/index.ts';

// Helpers of the stand-in's tests: a token from its token endpoint, and Web API calls with it.

export async function token(standIn: DataverseStandIn): Promise<string> {
  const response = await fetch(`${standIn.url}/${EXAMPLE_CREDENTIALS.tenantId}/oauth2/v2.0/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: EXAMPLE_CREDENTIALS.clientId,
      client_secret: EXAMPLE_CREDENTIALS.clientSecret,
      scope: `${standIn.url}/.default`,
    }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

export interface Call {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** A Web API call: `path` is relative to `/api/data/v9.2/` (or absolute, for next links). */
export async function api(
  standIn: DataverseStandIn,
  bearer: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Call> {
  const url = path.startsWith('http') ? path : `${standIn.apiUrl}/${path}`;
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      'odata-maxversion': '4.0',
      'odata-version': '4.0',
      authorization: `Bearer ${bearer}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json; charset=utf-8' } : {}),
      ...init.headers,
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : undefined,
  };
}
