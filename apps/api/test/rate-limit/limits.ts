import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createApiClient } from '../support/client.ts';

/** Limits count per client address: each test uses its own, so no two tests share a counter. */
export function randomClientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** A call with a limit: requests to join a practice, 10 an hour per client address. */
export const LIMIT = 10;

/** A request to join with a pair that matches no practice (it answers like any other). */
export function sendLimited(app: FastifyInstance, token: string, address: string) {
  return createApiClient(app).company.connectExistingCompany({
    token,
    remoteAddress: address,
    body: { customerNumber: 'P-999999', postalCode: '20095' },
  });
}

/**
 * Spends the whole limit, alternating between the instances, and returns the answer to one
 * call more.
 */
export async function exhaustLimit(
  apps: FastifyInstance[],
  options: { token: string; address: string },
): Promise<LightMyRequestResponse> {
  for (let i = 0; i < LIMIT; i += 1) {
    const response = await sendLimited(apps[i % apps.length]!, options.token, options.address);
    expect(response.statusCode, `call ${i + 1}`).toBe(202);
  }
  return sendLimited(apps[0]!, options.token, options.address);
}
