import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { cookieValue, hostCookieName } from '../app/cookies.ts';

/**
 * A cookie bound to one interaction: its fields, an expiry and an HMAC of both and the
 * interaction's uid under the cookie secret, so it is worth nothing in another interaction,
 * after its time, or changed. Fields must not contain dots.
 */
export interface BoundCookie {
  /** The cookie's base name; also part of what the HMAC covers. */
  name: string;
  /** How long it holds, in seconds. */
  seconds: number;
}

function macOf(cookie: BoundCookie, uid: string, fields: readonly string[], secret: string) {
  return createHmac('sha256', secret)
    .update([cookie.name, uid, ...fields].join(':'))
    .digest('base64url');
}

export function boundCookie(
  cookie: BoundCookie,
  issuer: string,
  secret: string,
  uid: string,
  fields: readonly string[],
  seconds = cookie.seconds,
): string {
  const expires = String(Math.floor(Date.now() / 1000) + Math.max(0, Math.floor(seconds)));
  const mac = macOf(cookie, uid, [...fields, expires], secret);
  const secure = issuer.startsWith('https:') ? '; Secure' : '';
  const value = [...fields, expires, mac].join('.');
  return `${hostCookieName(issuer, cookie.name)}=${value}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

export function clearedBoundCookie(cookie: BoundCookie, issuer: string): string {
  const secure = issuer.startsWith('https:') ? '; Secure' : '';
  return `${hostCookieName(issuer, cookie.name)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}

/** The cookie's fields, when it is valid for this interaction now; else undefined. */
export function readBoundCookie(
  cookie: BoundCookie,
  request: FastifyRequest,
  issuer: string,
  secrets: readonly string[],
  uid: string,
  count: number,
): string[] | undefined {
  const parts = (cookieValue(request, hostCookieName(issuer, cookie.name)) ?? '').split('.');
  if (parts.length !== count + 2) return undefined;
  const fields = parts.slice(0, count);
  const [expires = '', mac = ''] = parts.slice(count);
  const expiry = Number(expires);
  if (!Number.isInteger(expiry) || expiry < Date.now() / 1000) return undefined;
  const given = Buffer.from(mac);
  const valid = secrets.some((secret) => {
    const expected = Buffer.from(macOf(cookie, uid, [...fields, expires], secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? fields : undefined;
}
