import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { cookieValue, hostCookieName } from '../app/cookies.ts';
import { LIFETIMES } from '../lifetimes.ts';

/**
 * Between the password and the second factor of one sign-in (decision 0064): a cookie bound to
 * the interaction that names the account whose password was right, with an HMAC under the
 * cookie secret and an expiry. Only the code page of that interaction reads it.
 */
const cookieName = (issuer: string) => hostCookieName(issuer, 'pp_idp_second_step');

function macOf(uid: string, accountId: string, expires: number, secret: string): string {
  return createHmac('sha256', secret)
    .update(`second-step:${uid}:${accountId}:${expires}`)
    .digest('base64url');
}

export function pendingSecondStepCookie(
  issuer: string,
  secret: string,
  uid: string,
  accountId: string,
): string {
  const expires = Math.floor(Date.now() / 1000) + LIFETIMES.interaction;
  const value = `${accountId}.${expires}.${macOf(uid, accountId, expires, secret)}`;
  const secure = issuer.startsWith('https:') ? '; Secure' : '';
  return `${cookieName(issuer)}=${value}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

export function clearedSecondStepCookie(issuer: string): string {
  const secure = issuer.startsWith('https:') ? '; Secure' : '';
  return `${cookieName(issuer)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}

/** The account whose password was right in this interaction, if the cookie is valid. */
export function pendingSecondStep(
  request: FastifyRequest,
  issuer: string,
  secrets: readonly string[],
  uid: string,
): string | undefined {
  const [accountId = '', expiresText = '', mac = ''] = (
    cookieValue(request, cookieName(issuer)) ?? ''
  ).split('.');
  const expires = Number(expiresText);
  if (!Number.isInteger(expires) || expires < Date.now() / 1000) return undefined;
  const given = Buffer.from(mac);
  const valid = secrets.some((secret) => {
    const expected = Buffer.from(macOf(uid, accountId, expires, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? accountId : undefined;
}
