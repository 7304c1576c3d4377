import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { API_BASE, calls, defineCall } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { server } from '../../testing/portal-server.ts';
import { ApiCallError } from './api-context.ts';
import { carriesBearer } from './bearer-rule.ts';
import { createApiClient, type ApiClientOptions } from './create-api-client.ts';
import { EARLY_CALL_PATH, requestCustomerDataEarly } from './early-answer.ts';

const API = 'http://portal.test';
const TOKEN = 'header.payload.signature';

interface Seen {
  url: URL;
  method: string;
  authorization: string | null;
  acceptLanguage: string | null;
  contentType: string | null;
  body: string;
}
const seen: Seen[] = [];
const record = async (request: Request) => {
  seen.push({
    url: new URL(request.url),
    method: request.method,
    authorization: request.headers.get('authorization'),
    acceptLanguage: request.headers.get('accept-language'),
    contentType: request.headers.get('content-type'),
    body: await request.text(),
  });
};

beforeEach(() =>
  server.use(
    http.all(`${API}/api/v1/*`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(true);
    }),
  ),
);
afterEach(() => {
  seen.length = 0;
});

const problemAnswer = (status: number, code: string) =>
  HttpResponse.json({ type: 'about:blank', title: 'Error', status, code }, { status });

/** Asks for the customer's data while the api refuses it with `status` and `code`. */
async function refusedCustomerData(status: number, code: string) {
  server.use(onCall(calls.customerGetCustomerData, () => problemAnswer(status, code), API));
  const onUnauthorized = vi.fn();
  const error = await client({ onUnauthorized })
    .call(calls.customerGetCustomerData)
    .catch((e: unknown) => e);
  return { error, onUnauthorized };
}

function client(options: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    apiOrigin: API,
    getAccessToken: () => TOKEN,
    onUnauthorized: () => undefined,
    getLanguage: () => 'en',
    ...options,
  });
}

/** A POST with a body, answered by each test's own handler. */
const echoCall = defineCall({
  method: 'POST',
  path: '/Test/Echo',
  tag: 'Test',
  summary: 'test',
  access: 'token',
  body: z.object({ name: z.string() }),
  response: z.boolean(),
});

const fileCall = (path: string) =>
  defineCall({
    method: 'GET',
    path,
    tag: 'Test',
    summary: 'test',
    access: 'token',
    response: z.boolean(),
  });

describe('requests', () => {
  it('calls /api/v1 + path with the query, the language and the bearer token, and parses the answer', async () => {
    const answer = await client().call(calls.atestUsers, { query: { mail: 'anna@example.com' } });

    expect(answer).toBe(true);
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.method).toBe('GET');
    expect(request?.url.pathname).toBe('/api/v1/ATest/Users');
    expect(request?.url.searchParams.get('mail')).toBe('anna@example.com');
    expect(request?.acceptLanguage).toBe('en');
    expect(request?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('sends the body as JSON', async () => {
    await client().call(echoCall, { body: { name: 'Praxis am Markt' } });

    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.contentType).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ name: 'Praxis am Markt' });
  });

  it('leaves out query parameters without a value', async () => {
    await client().call(calls.atestUsers, { query: {} });
    expect(seen[0]?.url.search).toBe('');
  });
});

describe('the Authorization header', () => {
  it('is still sent when only the query string contains "token"', async () => {
    await client().call(calls.atestUsers, { query: { mail: 'token.holder@example.com' } });
    expect(seen[0]?.url.search).toContain('token');
    expect(seen[0]?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it.each(['/Documents/Invoice.pdf', '/Auth/token', '/Auth/RefreshToken'])(
    'is not sent when the path (%s) names a PDF or a token',
    async (path) => {
      await client().call(fileCall(path));
      expect(seen[0]?.url.pathname).toBe(`/api/v1${path}`);
      expect(seen[0]?.authorization).toBeNull();
    },
  );

  it('is not sent when there is no token', async () => {
    await client({ getAccessToken: () => undefined }).call(calls.atestUsers);
    expect(seen[0]?.authorization).toBeNull();
  });

  it('goes to the api origin only', () => {
    expect(carriesBearer(new URL(`${API}/api/v1/Customer/GetCustomerData`), API)).toBe(true);
    for (const other of [
      'http://elsewhere.test/api/v1/Customer/GetCustomerData',
      'http://portal.test:8080/api/v1/Customer/GetCustomerData',
      'https://portal.test/api/v1/Customer/GetCustomerData',
      'http://portal.test.elsewhere.test/api/v1/Customer/GetCustomerData',
      'http://api.portal.test/api/v1/Customer/GetCustomerData',
    ]) {
      expect(carriesBearer(new URL(other), API), other).toBe(false);
    }
  });
});

describe('refusals', () => {
  it('turns a problem body into an ApiCallError with its code and field errors', async () => {
    const errors = [{ field: 'body.postalCode', code: 'invalid', params: { length: 5 } }];
    server.use(
      onCall(
        echoCall,
        () =>
          HttpResponse.json(
            {
              type: 'about:blank',
              title: 'Bad Request',
              status: 400,
              code: 'validation_failed',
              errors,
            },
            { status: 400, headers: { 'content-type': 'application/problem+json' } },
          ),
        API,
      ),
    );

    const error = await client()
      .call(echoCall, { body: { name: 'Praxis am Markt' } })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', errors });
  });

  it('reads a code it does not know (from a newer api) as the fallback of its status', async () => {
    server.use(
      onCall(
        calls.atestUsers,
        () =>
          HttpResponse.json(
            {
              type: 'about:blank',
              title: 'Bad Request',
              status: 400,
              code: 'practice_on_hold',
              errors: [
                { field: 'query.mail', code: 'too_fancy' },
                { field: 'query.mail', code: 'too_long', params: { maximum: 80 } },
              ],
            },
            { status: 400 },
          ),
        API,
      ),
    );

    const error = await client()
      .call(calls.atestUsers)
      .catch((e: unknown) => e);

    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      errors: [
        { field: 'query.mail', code: 'invalid' },
        { field: 'query.mail', code: 'too_long', params: { maximum: 80 } },
      ],
    });
  });

  it.each([
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [429, 'rate_limited'],
    [503, 'service_unavailable'],
    [500, 'internal_error'],
  ])('reads an unknown code with status %i as %s', async (status, code) => {
    server.use(onCall(calls.atestUsers, () => problemAnswer(status, 'brand_new'), API));

    const error = await client()
      .call(calls.atestUsers)
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ status, code });
  });

  it('keeps the status of an answer that is no problem body', async () => {
    server.use(
      onCall(
        calls.atestUsers,
        () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 }),
        API,
      ),
    );

    const error = await client()
      .call(calls.atestUsers)
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 502, code: 'service_unavailable', errors: [] });
  });

  it('reports a 401 so the user signs in again', async () => {
    const { error, onUnauthorized } = await refusedCustomerData(401, 'unauthenticated');

    expect(error).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('unauthenticated');
  });

  it('reports why: a session ended on another device is told apart', async () => {
    const { error, onUnauthorized } = await refusedCustomerData(401, 'session_ended');

    expect(error).toMatchObject({ status: 401, code: 'session_ended' });
    expect(onUnauthorized).toHaveBeenCalledWith('session_ended');
  });

  it('does not report other refusals as a lost session', async () => {
    const { error, onUnauthorized } = await refusedCustomerData(403, 'identity_unverified');

    expect(error).toMatchObject({ status: 403, code: 'identity_unverified' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('refuses an answer that does not match the contract', async () => {
    server.use(onCall(calls.atestUsers, () => HttpResponse.json({ exists: true }), API));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const error = await client()
      .call(calls.atestUsers)
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 200, code: 'internal_error' });
    expect(consoleError).toHaveBeenCalledOnce();
    consoleError.mockRestore();
  });

  it('reports an unreachable api as unavailable', async () => {
    server.use(onCall(calls.atestUsers, () => HttpResponse.error(), API));

    const error = await client()
      .call(calls.atestUsers)
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 0, code: 'service_unavailable' });
  });
});

describe('the customer data the entry asked for early (decision 0091)', () => {
  const here = () => window.location.origin;
  const customerData = () =>
    seen
      .filter(({ url }) => url.pathname === EARLY_CALL_PATH)
      .map((request) => request.authorization);

  beforeEach(() =>
    server.use(
      onCall(
        calls.customerGetCustomerData,
        async ({ request }) => {
          await record(request);
          return problemAnswer(403, 'forbidden');
        },
        here(),
      ),
    ),
  );

  it('is the path of Customer/GetCustomerData', () => {
    expect(EARLY_CALL_PATH).toBe(`${API_BASE}${calls.customerGetCustomerData.path}`);
  });

  it('answers the startup’s first call, once: the next one asks the api again', async () => {
    requestCustomerDataEarly(TOKEN, 'en');
    const startup = client({ apiOrigin: here() });
    const first = await startup.call(calls.customerGetCustomerData).catch((e: unknown) => e);
    expect(first).toMatchObject({ status: 403, code: 'forbidden' });
    expect(customerData()).toEqual([`Bearer ${TOKEN}`]);
    await startup.call(calls.customerGetCustomerData).catch(() => undefined);
    expect(customerData()).toHaveLength(2);
  });

  it('is not taken for another token or language: that call asks the api itself', async () => {
    requestCustomerDataEarly('another.token.value', 'en');
    await client({ apiOrigin: here() })
      .call(calls.customerGetCustomerData)
      .catch(() => undefined);
    requestCustomerDataEarly(TOKEN, 'de');
    await client({ apiOrigin: here() })
      .call(calls.customerGetCustomerData)
      .catch(() => undefined);
    expect(customerData()).toEqual([
      'Bearer another.token.value',
      `Bearer ${TOKEN}`,
      `Bearer ${TOKEN}`,
      `Bearer ${TOKEN}`,
    ]);
  });
});
