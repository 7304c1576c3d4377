import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
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

  // Second probe, finding 2: the guard tested the raw URL while the router decodes it, so
  // `/%64ev/mailbox.json` answered a rebound name with every mail. The guard decides on the route.
  const atestUsers = `${API_BASE}${calls.atestUsers.path}`.replace('/ATest/', '/%41Test/');
  it.each(['/%64ev/mailbox.json', '/%64%65%76/mailbox', '/d%65v/mailbox.json', atestUsers])(
    '%s, another spelling of a development route, is guarded like the route itself',
    async (url) => {
      const token = await api.issuer.tokenFor('ben.krause@example.com');
      const headers = { authorization: `Bearer ${token}` };
      const own = await api.app.inject({
        method: 'GET',
        url: `${url}${url === atestUsers ? '?mail=nobody%40example.com' : ''}`,
        headers: { ...headers, host: 'localhost:3000' },
      });
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('no-store');
      const foreign = await api.app.inject({
        method: 'GET',
        url,
        headers: { ...headers, host: 'attacker.example:3000' },
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

  // Finding 4 of the security probe: these answered 500.
  it.each(['localhost:4300, evil.example', 'local%00host', 'localhost:3000\u0000', '[::1'])(
    'a malformed Host header %j is a 400 problem, never a server error',
    async (host) => {
      for (const url of ['/dev/mailbox', createUser]) {
        const response = await api.app.inject({ method: 'GET', url, headers: { host } });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ status: 400, code: 'validation_failed' });
      }
    },
  );

  it('an empty Host header, sent over a real connection, is a 400 problem', async () => {
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = api.app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end('GET /dev/mailbox HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n');
      });
      let text = '';
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code":"validation_failed"');
  });
});
