import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The headers that may differ between two otherwise identical answers. */
const VARYING = new Set(['date']);

/**
 * Two answers a client cannot tell apart: status, body and headers (but the date). A practice the
 * caller is not connected to must answer exactly like a random id (docs/product.md §4).
 */
export function expectIndistinguishable(a: LightMyRequestResponse, b: LightMyRequestResponse) {
  const headers = (response: LightMyRequestResponse) =>
    Object.fromEntries(Object.entries(response.headers).filter(([name]) => !VARYING.has(name)));
  expect(a.statusCode).toBe(b.statusCode);
  expect(a.body).toBe(b.body);
  expect(headers(a)).toEqual(headers(b));
}
