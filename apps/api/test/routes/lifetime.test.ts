import { describe, expect, it } from 'vitest';
import { useApi } from '../support/context.ts';

describe('Lifetime', () => {
  const api = useApi();

  it('IsAlive answers 200 to anyone while the database answers', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/v1/Lifetime/IsAlive' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('private refuses anonymous callers with a problem body and a challenge', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/v1/Lifetime/private' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="practice-portal"');
    expect(response.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  it('private answers 200 to a valid access token', async () => {
    const token = await api.issuer.tokenFor('clara.wolf@example.com');
    const response = await api.app.inject({
      method: 'GET',
      url: '/api/v1/Lifetime/private',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
  });
});
