import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, ProblemSchema, type CallDefinition } from '@pp/contract';
import { useApi } from '../support/context.ts';
import { isServerRun } from '../support/database.ts';
import { demo, demoPracticeIds } from '../support/demo.ts';
import { randomClientAddress } from '../rate-limit/limits.ts';
import { hostile, objectOf } from './arbitraries.ts';

export const CASES_PER_OPERATION = 1000;

const operations = Object.values(calls).map((call) => [call.path, call] as const);

/** A query string from any values (a client can send anything; the api must answer it). */
function queryString(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    params.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  }
  return params.toString();
}

/** The headers a call reads: the token (often good, sometimes garbage), language, content type. */
const headers = (token: string) =>
  fc.record({
    authorization: fc.oneof(
      { weight: 6, arbitrary: fc.constant(`Bearer ${token}`) },
      fc.constantFrom(
        'Bearer',
        'Bearer x.y.z',
        `Basic ${token}`,
        'bearer  \u0000',
        `Bearer ${token}${token}`,
      ),
    ),
    'accept-language': fc.oneof(
      fc.constantFrom('de', 'en-GB,en;q=0.9', '*', 'xx;q=abc'),
      fc.string({ maxLength: 20 }),
    ),
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
    ),
  });

// On the embedded database (the target); the server run keeps its time for the rest.
describe.runIf(!isServerRun())(
  `every operation with ${CASES_PER_OPERATION} generated requests`,
  () => {
    // Writes are limited per account (decision 0050): lifted here, so that all cases reach the
    // parts of the api they are meant for.
    const api = useApi({
      embeddedProvider: true,
      env: { ENABLE_TEST_ENDPOINTS: 'true', ACCOUNT_WRITES_PER_HOUR: '1000000' },
    });
    let token = '';
    beforeAll(async () => {
      token = await api.issuer.tokenFor(demo.anna);
    });

    it.each(operations)(
      '%s never answers 500, only its success or a problem',
      async (_path, call: CallDefinition) => {
        await fc.assert(
          fc.asyncProperty(
            objectOf(call.querystring),
            fc.oneof(
              { weight: 5, arbitrary: objectOf(call.body) },
              hostile,
              fc.constant('{"unterminated": '),
            ),
            headers(token),
            async (query, body, sent) => {
              const answer = await api.client.unchecked(call, {
                query: queryString(query),
                remoteAddress: randomClientAddress(),
                headers: sent,
                ...(call.method === 'GET'
                  ? {}
                  : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
              });
              expect(answer.statusCode, answer.body.slice(0, 300)).toBeLessThan(500);
              if (answer.statusCode < 400 && call.produces) {
                // A file (decision 0083): its media type, and its text as the contract says.
                expect(answer.headers['content-type']).toBe(`${call.produces}; charset=utf-8`);
                expect(call.response.safeParse(answer.body).success).toBe(true);
                return;
              }
              const parsed: unknown = answer.body === '' ? undefined : JSON.parse(answer.body);
              if (answer.statusCode >= 400) {
                expect(ProblemSchema.safeParse(parsed).success, answer.body.slice(0, 300)).toBe(
                  true,
                );
              } else {
                expect(call.response.safeParse(parsed).success, answer.body.slice(0, 300)).toBe(
                  true,
                );
              }
            },
          ),
          { numRuns: CASES_PER_OPERATION },
        );
      },
      120_000,
    );
  },
);

/** Bidi controls and zero-width characters (issue 23, finding 10), somewhere inside a name. */
const hiddenInName = fc
  .tuple(
    fc.constantFrom('Anna', 'Wolf-Berger', 'O’Neill', 'Praxis Mitte', 'Zahnarztpraxis Dr. Sommer'),
    fc.constantFrom(
      ...'\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b\u200c\u200d\u200e\u200f\u2060\ufeff\u061c',
    ),
    fc.nat(),
  )
  .map(([name, hidden, at]) => {
    const cut = 1 + (at % (name.length - 1));
    return `${name.slice(0, cut)}${hidden}${name.slice(cut)}`;
  });

describe('names with bidi controls or zero-width characters', () => {
  // A hundred writes of one call by one account: lifted past the per-account limit (0050).
  const api = useApi({ env: { ACCOUNT_WRITES_PER_HOUR: '1000000' } });
  const token = (email: string) => api.issuer.tokenFor(email);
  const sommer = async () => (await demoPracticeIds(api.db.database.db)).sommer;

  const refusals: [
    string,
    (name: string) => Promise<{ statusCode: number; json(): unknown }>,
    string,
  ][] = [
    [
      'Company/CreateCompany',
      async (name) =>
        api.client.company.createCompany({
          token: await token(demo.clara),
          body: { name, street: 'Hauptstraße 1', postalCode: '50667', city: 'Köln' },
        }),
      'body.name',
    ],
    [
      'Customer/UpdateCustomerData',
      async (name) =>
        api.client.customer.updateCustomerData({
          token: await token(demo.clara),
          body: { lastName: name },
        }),
      'body.lastName',
    ],
    [
      'Employee/InviteEmployee',
      async (name) =>
        api.client.employee.inviteEmployee({
          token: await token(demo.anna),
          body: { companyId: await sommer(), email: 'eingeladen@example.com', firstName: name },
        }),
      'body.firstName',
    ],
  ];

  it.each(refusals)('%s refuses them with a field error', async (_call, send, field) => {
    await fc.assert(
      fc.asyncProperty(hiddenInName, async (name) => {
        const answer = await send(name);
        expect(answer.statusCode, JSON.stringify(name)).toBe(400);
        expect(ProblemSchema.parse(answer.json()).errors).toEqual([
          { field, code: 'invalid_name_characters' },
        ]);
      }),
      { numRuns: 100 },
    );
  });
});

/** Bodies at the edge of the 64 KiB limit (security finding 5): nested past any call, and wide. */
const EXTREME_BODIES = {
  'deep (6,000 levels)': `{"firstName":${'['.repeat(6000)}${']'.repeat(6000)}}`,
  'wide (5,000 keys)': JSON.stringify(
    Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`k${index}`, index])),
  ),
  'wide (a 60 KB array)': JSON.stringify({ firstName: Array.from({ length: 15_000 }, () => 'x') }),
};
const writes = operations.filter(([, call]) => call.method !== 'GET');

describe('every write with a deep or a wide body', () => {
  const api = useApi();
  let token = '';
  beforeAll(async () => {
    token = await api.issuer.tokenFor(demo.anna);
  });

  it.each(writes)('%s answers a problem, never 500', async (_path, call: CallDefinition) => {
    for (const [name, body] of Object.entries(EXTREME_BODIES)) {
      const answer = await api.client.unchecked(call, {
        token,
        remoteAddress: randomClientAddress(),
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(answer.statusCode, `${name}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
      expect(ProblemSchema.safeParse(answer.json()).success, name).toBe(true);
    }
  });
});
