import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE, calls, defineCall } from '@pp/contract';
import { registerCall } from '../../src/routing/register-call.ts';
import { capturedLogs } from '../support/app.ts';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';
import { bearer } from '../support/expect-problem.ts';
import { uniqueEmail } from '../support/factories.ts';

const failing = defineCall({
  method: 'GET',
  path: '/Test/FailWithAddress',
  tag: 'Test',
  summary: 'A handler whose error quotes an e-mail address and a token',
  access: 'token',
  // The address also rides in the query, which logs must leave out.
  querystring: z.strictObject({ mail: z.string().optional() }),
  response: z.object({ never: z.string() }),
});

const EMAIL_LIKE = /[\w.+-]+(@|%40)[\w-]+\.[\w.-]+/i;
const JWT_LIKE = /eyJ[\w-]+\.[\w-]+/;

describe('logs', () => {
  const api = useApi({
    embeddedProvider: true,
    env: { ENABLE_TEST_ENDPOINTS: 'true', LOG_LEVEL: 'trace' },
    extend: (app: FastifyInstance) =>
      registerCall(app, failing, async (request) => {
        throw new Error(`duplicate key (lower(email))=(${demo.anna}) for ${request.bearer}`);
      }),
  });

  it('hold no e-mail address, token or query string after a run of requests', async () => {
    const start = capturedLogs.length;
    const addresses = [demo.anna, demo.clara, uniqueEmail('log'), uniqueEmail('info')];
    const tokens: string[] = [];
    const send = async (url: string, token?: string, headers: Record<string, string> = {}) => {
      if (token) tokens.push(token);
      return api.app.inject({ url, headers: { ...(token ? bearer(token) : {}), ...headers } });
    };

    const clara = await api.issuer.tokenFor(demo.clara);
    const atest = `${API_BASE}${calls.atestUsers.path}`;
    await send(`${atest}?mail=${addresses[0]}`, clara);
    await send(`${atest}?mail=${encodeURIComponent(addresses[1]!)}`, clara);
    await send(`${atest}?email=${addresses[2]}`, clara); // unknown field: 400
    await send(`${atest}?mail=${addresses[0]}`); // anonymous: 401
    await send(`${API_BASE}${calls.lifetimePrivate.path}?access_token=${clara}`);
    await send(`${API_BASE}${calls.lifetimePrivate.path}`, `${clara.slice(0, -4)}AAAA`); // 401
    await send(`${API_BASE}/Nope/${addresses[0]}?mail=${addresses[1]}`, clara); // 404
    await send(`${API_BASE}${failing.path}?mail=${addresses[1]}`, clara); // 500

    // A first sign-in whose e-mail comes from the userinfo endpoint.
    const subject = randomUUID();
    api.issuer.userinfo.set(subject, { email: addresses[3], email_verified: true });
    const viaUserinfo = await api.issuer.mint({ subject });
    const provisioned = await send(
      `${API_BASE}${calls.customerGetCustomerData.path}`,
      viaUserinfo,
      {
        'accept-language': 'en',
      },
    );
    expect(provisioned.statusCode).toBe(200);
    // A refused unverified identity.
    const unverified = await api.issuer.mint({
      subject: randomUUID(),
      email: addresses[2],
      emailVerified: false,
    });
    await send(`${API_BASE}${calls.customerGetCustomerData.path}`, unverified);

    const logs = capturedLogs.slice(start).join('');
    expect(logs).toContain('"statusCode":500');
    expect(logs).toContain('"statusCode":403');
    for (const address of addresses) {
      expect(logs.toLowerCase()).not.toContain(address.toLowerCase());
      expect(logs).not.toContain(address.split('@')[0]!);
    }
    for (const token of tokens) {
      for (const part of token.split('.').filter((p) => p.length > 8))
        expect(logs).not.toContain(part);
    }
    expect(logs).not.toMatch(EMAIL_LIKE);
    expect(logs).not.toMatch(JWT_LIKE);
    for (const line of capturedLogs.slice(start)) {
      const entry = z.record(z.string(), z.unknown()).parse(JSON.parse(line));
      const path = z.object({ path: z.string().optional() }).optional().parse(entry['req'])?.path;
      if (path !== undefined) expect(path).not.toContain('?');
      expect(entry).not.toHaveProperty('req.headers');
    }
  });
});
