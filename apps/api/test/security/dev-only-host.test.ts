import { describe, expect, it } from 'vitest';
import { API_BASE, calls } from '@pp/contract';
import { useApi } from '../support/context.ts';

describe('development features answer only their own host', () => {
  const api = useApi({ embeddedProvider: true, env: { ENABLE_TEST_ENDPOINTS: 'true' } });
  const createUser = `${API_BASE}${calls.atestCreateUser.path}`;

  it.each(['/dev/mailbox', '/dev/mailbox.json'])(
    '%s for localhost, not for a rebound name',
    async (url) => {
      const own = await api.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } });
      expect(own.statusCode).toBe(200);
      const foreign = await api.app.inject({
        method: 'GET',
        url,
        headers: { host: 'attacker.example:3000' },
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'not_found' });
    },
  );

  it('ATest calls refuse a rebound name and create nothing', async () => {
    const email = `rebound-${crypto.randomUUID()}@example.com`;
    const foreign = await api.app.inject({
      method: 'POST',
      url: createUser,
      headers: { host: 'attacker.example:3000' },
      payload: { email, password: 'Ein-Langes-Passwort-1' },
    });
    expect(foreign.statusCode).toBe(404);
    const token = await api.issuer.tokenFor('ben.krause@example.com');
    const exists = await api.app.inject({
      method: 'GET',
      url: `${API_BASE}${calls.atestUsers.path}?mail=${encodeURIComponent(email)}`,
      headers: { host: 'localhost:3000', authorization: `Bearer ${token}` },
    });
    expect(exists.json()).toBe(false);
  });
});
