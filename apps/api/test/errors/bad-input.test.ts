import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE, calls, defineCall, EmailSchema } from '@pp/contract';
import { MAX_JSON_NESTING } from '../../src/lib/http/json-nesting.ts';
import { registerCall } from '../../src/routing/register-call.ts';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';
import { bearer, expectProblem } from '../support/expect-problem.ts';

/** Throw-away calls shaped like the contract's, registered on the real app for this file. */
const saveProfile = defineCall({
  method: 'POST',
  path: '/Test/SaveProfile',
  tag: 'Test',
  summary: 'A call with a body',
  access: 'token',
  body: z.strictObject({
    firstName: z.string().min(1).max(50),
    email: EmailSchema,
    address: z.strictObject({ postalCode: z.string().regex(/^\d{5}$/) }),
  }),
  response: z.object({ saved: z.literal(true) }),
});
const fail = defineCall({
  method: 'GET',
  path: '/Test/Fail',
  tag: 'Test',
  summary: 'A call whose handler throws',
  access: 'token',
  response: z.object({ never: z.string() }),
});

function extend(app: FastifyInstance) {
  registerCall(app, saveProfile, async () => ({ saved: true as const }));
  registerCall(app, fail, async () => {
    throw new Error('connection to 10.1.2.3 refused for anna.sommer@example.com');
  });
}

const VALID = {
  firstName: 'Anna',
  email: 'anna@praxis.example.com',
  address: { postalCode: '10117' },
};

describe('bad input', () => {
  const api = useApi({ extend });
  let auth: { authorization: string };

  beforeAll(async () => {
    auth = bearer(await api.issuer.tokenFor(demo.clara));
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    api.app.inject({
      method: 'POST',
      url: `${API_BASE}${saveProfile.path}`,
      headers: { ...auth, 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it.each([
    ['an invalid uuid', '?practiceId=42', [{ field: 'query.practiceId', code: 'invalid' }]],
    ['no practiceId', '', [{ field: 'query.practiceId', code: 'required' }]],
    [
      'two practiceIds',
      `?practiceId=${randomUUID()}&practiceId=${randomUUID()}`,
      [{ field: 'query.practiceId', code: 'invalid_type' }],
    ],
    [
      'an unknown query field',
      `?practiceId=${randomUUID()}&role=superadmin`,
      [{ field: 'query.role', code: 'unknown_field' }],
    ],
  ])('a query with %s → 400 with field errors', async (_name, query, errors) => {
    const response = await api.client.unchecked(calls.rightsIsUserConnectedToPractice, {
      headers: auth,
      query: query.slice(1),
    });
    expect(expectProblem(response, 400, 'validation_failed').errors).toEqual(errors);
  });

  it('accepts a valid body', async () => {
    const response = await post(VALID);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ saved: true });
  });

  it('names every bad field of a body, nested ones by their path', async () => {
    const response = await post({
      firstName: '',
      email: 'not-an-address',
      address: { postalCode: '1011' },
      role: 'superadmin',
      customerId: randomUUID(),
    });
    const { errors } = expectProblem(response, 400, 'validation_failed');
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'body.firstName', code: 'too_short', params: { minimum: 1 } },
        { field: 'body.email', code: 'invalid_email' },
        { field: 'body.address.postalCode', code: 'invalid' },
        { field: 'body.role', code: 'unknown_field' },
        { field: 'body.customerId', code: 'unknown_field' },
      ]),
    );
    expect(errors).toHaveLength(5);
  });

  it('says which fields are missing and which have the wrong type', async () => {
    const response = await post({ firstName: 42, address: {} });
    expect(expectProblem(response, 400, 'validation_failed').errors).toEqual(
      expect.arrayContaining([
        { field: 'body.firstName', code: 'invalid_type' },
        { field: 'body.email', code: 'required' },
        { field: 'body.address.postalCode', code: 'required' },
      ]),
    );
  });

  it('answers 400 to malformed and empty JSON', async () => {
    for (const payload of ['{"firstName": "Anna",', '']) {
      const { errors } = expectProblem(await post(payload), 400, 'validation_failed');
      expect(errors).toEqual([{ field: 'body', code: 'invalid' }]);
    }
  });

  it('refuses prototype pollution attempts with 400', async () => {
    const response = await post('{"__proto__": {"admin": true}, "firstName": "A"}');
    expectProblem(response, 400, 'validation_failed');
  });

  it('refuses a body nested deeper than any call needs with 400 and stores nothing', async () => {
    const token = await api.issuer.tokenFor(demo.clara);
    const deep = `{"firstName":${'['.repeat(6000)}${']'.repeat(6000)}}`;
    const answer = await api.client.unchecked(calls.customerUpdateCustomerData, {
      token,
      headers: { 'content-type': 'application/json' },
      body: deep,
    });
    expect(expectProblem(answer, 400, 'validation_failed').errors).toEqual([
      { field: 'body', code: 'too_deep', params: { maximum: MAX_JSON_NESTING } },
    ]);
    const after = await api.client.customer.getCustomerData({ token });
    expect(after.json()).toMatchObject({ firstName: 'Clara' });
  });

  it('still reads a body nested as deep as the limit allows', async () => {
    const nested = `${'['.repeat(MAX_JSON_NESTING - 1)}${']'.repeat(MAX_JSON_NESTING - 1)}`;
    const answer = await post(`{"firstName":${nested}, "note": "[[[[[[[[[[{{{{{{{{"}`);
    expect(expectProblem(answer, 400, 'validation_failed').errors).toEqual(
      expect.arrayContaining([{ field: 'body.firstName', code: 'invalid_type' }]),
    );
  });

  it('answers 413 to a body over the limit', async () => {
    const response = await post({ ...VALID, firstName: 'x'.repeat(70 * 1024) });
    expectProblem(response, 413, 'payload_too_large');
  });

  it('answers 415 to another content type', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await post('firstName=Anna', { 'content-type': type });
      expectProblem(response, 415, 'unsupported_media_type');
    }
  });

  it.each([
    ['GET', '/api/v1/Nope/Nothing'],
    ['GET', '/api/v1'],
    ['GET', '/api/v1/'],
    ['GET', '/api/v2/Lifetime/IsAlive'],
    ['POST', '/api/v1/Lifetime/IsAlive'],
    ['DELETE', `/api/v1${calls.customerGetCustomerData.path}`],
  ] as const)('%s %s → 404 problem', async (method, url) => {
    expectProblem(await api.app.inject({ method, url, headers: auth }), 404, 'not_found');
  });

  it('answers a failing handler with a bare 500 that reveals nothing', async () => {
    const response = await api.client.call(fail, { headers: auth });
    const body = expectProblem(response, 500, 'internal_error');
    expect(body).toEqual({
      type: 'urn:practice-portal:problem:internal_error',
      title: 'Internal error',
      status: 500,
      code: 'internal_error',
    });
    expect(response.body).not.toMatch(/10\.1\.2\.3|anna|refused|Error|stack/);
  });
});
