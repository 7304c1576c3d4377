import { createHash } from 'node:crypto';

/** JSON with every object's keys sorted, so the same body always reads the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const fields = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes two requests the same request for an idempotency key (Stripe's rule, and the IETF
 * httpapi Idempotency-Key draft's): the call and its body, hashed.
 */
export function requestFingerprint(call: string, body: unknown): string {
  return createHash('sha256')
    .update(`${call}\n${canonicalJson(body)}`)
    .digest('base64url');
}
