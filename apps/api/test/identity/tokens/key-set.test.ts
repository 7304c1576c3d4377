import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app.ts';
import { useApi } from '../../support/context.ts';
import { expectProblem } from '../../support/expect-problem.ts';
import { startTestIssuer, type TestIssuer } from '../../support/issuer.ts';
import { createApiClient } from '../../support/client.ts';

const COOLDOWN_MS = 1500;

async function burstOfRandomKids(app: FastifyInstance, issuer: TestIssuer, count = 50) {
  const tokens = await Promise.all(
    Array.from({ length: count }, () => issuer.mint({ subject: 's', kid: randomUUID() })),
  );
  return Promise.all(tokens.map((token) => createApiClient(app).lifetime.private({ token })));
}

describe('the issuer key set', () => {
  const api = useApi({ cooldownMs: COOLDOWN_MS });

  it('is fetched at most once per cooldown, however many unknown kids arrive', async () => {
    const valid = await api.issuer.mint({ subject: 's' });
    expect((await api.client.lifetime.private({ token: valid })).statusCode).toBe(200);
    const afterFirstUse = api.issuer.jwksFetches();

    const withinCooldown = await burstOfRandomKids(api.app, api.issuer);
    for (const response of withinCooldown) expectProblem(response, 401, 'unauthenticated');
    expect(api.issuer.jwksFetches() - afterFirstUse).toBeLessThanOrEqual(1);

    await new Promise((resolve) => setTimeout(resolve, COOLDOWN_MS + 100));
    const beforeSecondBurst = api.issuer.jwksFetches();
    const afterCooldown = await burstOfRandomKids(api.app, api.issuer);
    for (const response of afterCooldown) expectProblem(response, 401, 'unauthenticated');
    // An unknown kid after the cooldown refetches (the issuer may have rotated), once.
    expect(api.issuer.jwksFetches() - beforeSecondBurst).toBe(1);
  });

  it('is fetched once by a cold api hit by a burst before its first fetch', async () => {
    const cold = await createTestApp({ database: api.db.database, issuer: api.issuer });
    try {
      const before = api.issuer.jwksFetches();
      const responses = await burstOfRandomKids(cold, api.issuer);
      for (const response of responses) expectProblem(response, 401, 'unauthenticated');
      expect(api.issuer.jwksFetches() - before).toBe(1);
    } finally {
      await cold.close();
    }
  });
});

describe('an issuer that is down', () => {
  const api = useApi();

  async function withStoppedIssuer(
    warmUp: boolean,
    check: (app: FastifyInstance, issuer: TestIssuer) => Promise<void>,
  ) {
    const issuer = await startTestIssuer();
    const app = await createTestApp({ database: api.db.database, issuer, cooldownMs: 0 });
    try {
      if (warmUp) {
        const token = await issuer.mint({ subject: 's' });
        expect((await createApiClient(app).lifetime.private({ token })).statusCode).toBe(200);
      }
      await issuer.close();
      await check(app, issuer);
    } finally {
      await app.close();
    }
  }

  it('answers 503 service_unavailable before the api ever reached it', async () => {
    await withStoppedIssuer(false, async (app, issuer) => {
      const token = await issuer.mint({ subject: 's' });
      const response = await createApiClient(app).lifetime.private({ token });
      expectProblem(response, 503, 'service_unavailable');
    });
  });

  it('answers 503 when a token names a key the api would have to fetch', async () => {
    await withStoppedIssuer(true, async (app, issuer) => {
      const token = await issuer.mint({ subject: 's', kid: 'rotated-key' });
      const response = await createApiClient(app).lifetime.private({ token });
      expectProblem(response, 503, 'service_unavailable');
    });
  });

  it('answers 503 when a first sign-in needs its userinfo endpoint', async () => {
    await withStoppedIssuer(true, async (app, issuer) => {
      const token = await issuer.mint({ subject: 'sub-without-email-claims' });
      const response = await createApiClient(app).customer.getCustomerData({ token });
      expectProblem(response, 503, 'service_unavailable');
    });
  });

  it('still accepts tokens signed with keys it already holds', async () => {
    await withStoppedIssuer(true, async (app, issuer) => {
      const token = await issuer.mint({ subject: 's' });
      expect((await createApiClient(app).lifetime.private({ token })).statusCode).toBe(200);
    });
  });

  it('still refuses anonymous callers with 401, without asking the issuer', async () => {
    await withStoppedIssuer(false, async (app) => {
      expectProblem(await createApiClient(app).lifetime.private(), 401, 'unauthenticated');
    });
  });
});
