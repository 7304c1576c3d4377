import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calls } from '@pp/contract';
import { createTestApp } from '../support/app.ts';
import { createApiClient, type QueryOf } from '../support/client.ts';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';

describe('ATest/Users with ENABLE_TEST_ENDPOINTS', () => {
  const api = useApi({ embeddedProvider: true, env: { ENABLE_TEST_ENDPOINTS: 'true' } });

  async function exists(query: QueryOf<typeof calls.atestUsers>) {
    const token = await api.issuer.tokenFor(demo.clara);
    const response = await api.client.atest.users({ token, query });
    expect(response.statusCode).toBe(200);
    return z.boolean().parse(response.json());
  }

  it.each([[demo.anna], ['ANNA.SOMMER@EXAMPLE.COM'], ['Ben.Krause@Example.com'], [demo.david]])(
    'is true for the demo address %s',
    async (mail) => {
      expect(await exists({ mail })).toBe(true);
    },
  );

  it.each([['nobody@example.com'], ['anna.sommer@example.org'], ['anna.sommer'], ['%'], ['']])(
    'is false for "%s"',
    async (mail) => {
      expect(await exists({ mail })).toBe(false);
    },
  );

  it('is false without a mail parameter', async () => {
    expect(await exists({})).toBe(false);
  });

  it('rejects unknown query fields', async () => {
    const token = await api.issuer.tokenFor(demo.clara);
    const response = await api.client.unchecked(calls.atestUsers, {
      token,
      query: { email: demo.anna },
    });
    const problem = expectProblem(response, 400, 'validation_failed');
    expect(problem.errors).toEqual([{ field: 'query.email', code: 'unknown_field' }]);
  });

  it('does not exist without ENABLE_TEST_ENDPOINTS, with either kind of provider', async () => {
    const token = await api.issuer.tokenFor(demo.clara);
    for (const embeddedProvider of [false, true]) {
      const app = await createTestApp({
        database: api.db.database,
        issuer: api.issuer,
        embeddedProvider,
      });
      try {
        const response = await createApiClient(app).atest.users({
          token,
          query: { mail: demo.anna },
        });
        expectProblem(response, 404, 'not_found');
      } finally {
        await app.close();
      }
    }
  });
});
