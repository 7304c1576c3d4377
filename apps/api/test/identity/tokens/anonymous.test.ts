import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { calls, needsToken, type CallDefinition } from '@pp/contract';
import { useApi } from '../../support/context.ts';
import { expectProblem } from '../../support/expect-problem.ts';
import type { UncheckedRequest } from '../../support/client.ts';

const allCalls: CallDefinition[] = Object.values(calls);
/** Calls anyone may make. A new entry here is a security decision, not a test fix. */
const PUBLIC_CALLS = [
  calls.lifetimeIsAlive.path,
  // End-to-end tests create their users before any sign-in; exists only with test endpoints.
  calls.atestCreateUser.path,
  // Passes time for end-to-end tests the same way; exists only with test endpoints.
  calls.atestExpireInvitations.path,
];
const bearerCalls = allCalls.filter(needsToken);

/** A request as a client would send it: plausible query and body, but no token. */
function anonymousRequest(
  call: CallDefinition,
  extra: Record<string, string> = {},
): UncheckedRequest {
  return {
    query: { practiceId: randomUUID(), mail: 'x@example.com', ...extra },
    ...(call.body ? { body: {} } : {}),
  };
}

describe('anonymous callers', () => {
  // With test endpoints on, so that ATest/Users is registered and covered too.
  const api = useApi({ embeddedProvider: true, env: { ENABLE_TEST_ENDPOINTS: 'true' } });

  it('only the deliberately public calls are open to anyone', async () => {
    const open = allCalls.filter((call) => !needsToken(call));
    expect(open.map((call) => call.path).sort()).toEqual([...PUBLIC_CALLS].sort());
    const response = await api.client.lifetime.isAlive();
    expect(response.statusCode).toBe(200);
  });

  it.each(bearerCalls.map((call) => [`${call.method} ${call.path}`, call] as const))(
    '%s → 401 problem with a challenge',
    async (_name, call) => {
      const response = await api.client.unchecked(call, anonymousRequest(call));
      expectProblem(response, 401, 'unauthenticated');
      expect(response.headers['www-authenticate']).toBe('Bearer realm="practice-portal"');
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it.each(
    bearerCalls
      .filter((call) => call.method === 'GET')
      .map((call) => [`HEAD ${call.path}`, call] as const),
  )('%s → 401 as well', async (_name, call) => {
    const response = await api.client.unchecked(call, {
      ...anonymousRequest(call),
      method: 'HEAD',
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="practice-portal"');
  });

  it.each(bearerCalls.map((call) => [`${call.method} ${call.path}`, call] as const))(
    '%s → 401 before the request is validated (bad query, no token)',
    async (_name, call) => {
      const response = await api.client.unchecked(
        call,
        anonymousRequest(call, { practiceId: 'not-a-uuid', unknownField: '1' }),
      );
      expectProblem(response, 401, 'unauthenticated');
    },
  );
});
