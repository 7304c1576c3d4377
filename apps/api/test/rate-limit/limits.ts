import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { calls } from '@pp/contract';
import { bearer } from '../support/expect-problem.ts';

/** Limits count per client address: each test uses its own, so no two tests share a counter. */
export function randomClientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** GetCustomerData allows this many calls per minute and client. */
export const CUSTOMER_DATA_LIMIT = 120;

/**
 * Spends the whole limit of GetCustomerData, alternating between the instances, and returns the
 * answer to one call more.
 */
export async function exhaustLimit(
  apps: FastifyInstance[],
  options: { url: string; token: string; address: string },
): Promise<LightMyRequestResponse> {
  expect(options.url).toContain(calls.customerGetCustomerData.path);
  const send = (app: FastifyInstance) =>
    app.inject({
      url: options.url,
      headers: bearer(options.token),
      remoteAddress: options.address,
    });
  for (let i = 0; i < CUSTOMER_DATA_LIMIT; i += 1) {
    const response = await send(apps[i % apps.length]!);
    expect(response.statusCode, `call ${i + 1}`).toBe(200);
  }
  return send(apps[0]!);
}
