import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ENDED_SESSION_RECHECK_MS } from '../../src/lib/tokens/ended-sessions.ts';
import { expectProblem } from './expect-problem.ts';

/**
 * Sends `read` until the api refuses its token as `session_ended`, which must happen within the
 * moment an instance trusts its last answer for the session (and a second of slack).
 */
export async function expectSessionEnded(
  read: () => Promise<LightMyRequestResponse>,
): Promise<void> {
  await expect
    .poll(async () => (await read()).statusCode, {
      timeout: ENDED_SESSION_RECHECK_MS + 1000,
      interval: 100,
    })
    .toBe(401);
  const refused = await read();
  expectProblem(refused, 401, 'session_ended');
  expect(refused.headers['www-authenticate']).toBe(
    'Bearer realm="practice-portal", error="invalid_token"',
  );
}
