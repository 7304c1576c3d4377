import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.ts';
import { createApiClient } from '../support/client.ts';
import { useApi } from '../support/context.ts';
import { createTestDatabase } from '../support/database.ts';
import { expectProblem } from '../support/expect-problem.ts';

describe('Lifetime', () => {
  const api = useApi();

  it('IsAlive answers 200 to anyone while the database answers', async () => {
    const response = await api.client.lifetime.isAlive();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('IsAlive answers 503 when the database does not answer', async () => {
    const db = await createTestDatabase();
    const app = await createTestApp({ database: db.database, issuer: api.issuer });
    try {
      await db.database.close();
      expectProblem(await createApiClient(app).lifetime.isAlive(), 503, 'service_unavailable');
    } finally {
      await app.close();
      await db.drop().catch(() => undefined);
    }
  });

  it('private refuses anonymous callers with a problem body and a challenge', async () => {
    const response = await api.client.lifetime.private();
    expectProblem(response, 401, 'unauthenticated');
    expect(response.headers['www-authenticate']).toBe('Bearer realm="practice-portal"');
  });

  it('private answers 200 to a valid access token, with or without the api scope', async () => {
    for (const scope of ['openid portal:api', 'openid']) {
      const token = await api.issuer.tokenFor('clara.wolf@example.com', { scope });
      const response = await api.client.lifetime.private({ token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  it('private-scoped answers 200 to a token with the portal:api scope', async () => {
    const token = await api.issuer.tokenFor('clara.wolf@example.com', {
      scope: 'openid portal:api',
    });
    const response = await api.client.lifetime.privateScoped({ token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it.each([['portal:api openid'], [['openid', 'portal:api']]])(
    'private-scoped also reads the scopes from scp (%j), as some providers send them',
    async (scp) => {
      const token = await api.issuer.mint({
        subject: 'sub-scp',
        scope: '',
        extra: { scope: undefined, scp },
      });
      const response = await api.client.lifetime.privateScoped({ token });
      expect(response.statusCode).toBe(200);
    },
  );

  it.each([['openid profile email'], ['openid portal:api:read'], ['']])(
    'private-scoped answers 403 to a token with scope "%s"',
    async (scope) => {
      const token = await api.issuer.tokenFor('clara.wolf@example.com', { scope });
      const response = await api.client.lifetime.privateScoped({ token });
      expectProblem(response, 403, 'forbidden');
      expect(response.headers['www-authenticate']).toContain('error="insufficient_scope"');
      expect(response.headers['www-authenticate']).toContain('scope="portal:api"');
    },
  );

  it('private-scoped refuses anonymous callers with 401', async () => {
    expectProblem(await api.client.lifetime.privateScoped(), 401, 'unauthenticated');
  });
});
