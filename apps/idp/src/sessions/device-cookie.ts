import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { normalizeEmail } from '@pp/contract';
import { cookieValue, hostCookieName } from '../app/cookies.ts';

/**
 * A browser that has signed in to an account keeps a device cookie for it (decision 0051): a
 * random nonce with an HMAC of nonce and account under the cookie secret. Such a browser is not
 * kept waiting for failures from its address; its own failures count on its nonce instead. The
 * cookie names no account: only a sign-in at that account finds it valid.
 */
const NONCE_FORMAT = /^[A-Za-z0-9_-]{22}$/;
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const cookieName = (issuer: string) => hostCookieName(issuer, 'pp_idp_device');

function macOf(nonce: string, email: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`device:${nonce}:${normalizeEmail(email)}`)
    .digest('base64url');
}

/** The nonce of the browser's device cookie when it is valid for `email`; otherwise undefined. */
export function knownDevice(
  request: FastifyRequest,
  issuer: string,
  secrets: readonly string[],
  email: string,
): string | undefined {
  const [nonce = '', mac = ''] = (cookieValue(request, cookieName(issuer)) ?? '').split('.');
  if (!NONCE_FORMAT.test(nonce)) return undefined;
  const given = Buffer.from(mac);
  const valid = secrets.some((secret) => {
    const expected = Buffer.from(macOf(nonce, email, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? nonce : undefined;
}

/**
 * The `Set-Cookie` value that marks this browser as known to the account of `email`. A browser
 * that was known keeps its nonce (`known`), so the sign-in history sees the same browser again
 * (decision 0067).
 */
export function deviceCookie(
  issuer: string,
  secret: string,
  email: string,
  known?: string,
): string {
  const nonce = known && NONCE_FORMAT.test(known) ? known : randomBytes(16).toString('base64url');
  const secure = issuer.startsWith('https:') ? '; Secure' : '';
  const value = `${nonce}.${macOf(nonce, email, secret)}`;
  return `${cookieName(issuer)}=${value}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}
