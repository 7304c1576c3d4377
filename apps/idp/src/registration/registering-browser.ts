import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { cookieValue, hostCookieName } from '../app/cookies.ts';
import type { FormDeps } from '../forms/types.ts';
import { LIFETIMES } from '../lifetimes.ts';

/**
 * The browser that registered keeps a cookie bound to its confirmation link (decision 0058): a
 * random nonce with an HMAC of nonce and link secret under the cookie secret. Opened in this
 * browser, the link confirms without asking for the password again — this browser typed it a
 * moment ago. Anywhere else the cookie is missing and the page asks for the password (security
 * finding 1, decision 0020). `SameSite=Lax`: a link clicked in a webmail is a cross-site
 * navigation, and it must still arrive with the cookie.
 */
const NONCE_FORMAT = /^[A-Za-z0-9_-]{22}$/;

const cookieName = (issuer: string) => hostCookieName(issuer, 'pp_idp_registration');

function macOf(nonce: string, linkSecret: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`registration:${nonce}:${linkSecret}`)
    .digest('base64url');
}

/**
 * The `Set-Cookie` value after a valid registration. An address that already has an account
 * gets no link but a cookie of the same shape, so the answer still does not tell them apart.
 */
export function registrationCookie(deps: FormDeps, linkSecret: string | undefined): string {
  const { issuer } = deps.options;
  const nonce = randomBytes(16).toString('base64url');
  const mac =
    linkSecret === undefined
      ? randomBytes(32).toString('base64url')
      : macOf(nonce, linkSecret, deps.secrets()[0] ?? '');
  const secure = issuer.startsWith('https:') ? '; Secure' : '';
  const maxAge = LIFETIMES.verificationLink;
  return `${cookieName(issuer)}=${nonce}.${mac}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** Whether this browser registered the account of the confirmation link `linkSecret`. */
export function registeredHere(
  deps: FormDeps,
  request: FastifyRequest,
  linkSecret: string,
): boolean {
  const value = cookieValue(request, cookieName(deps.options.issuer)) ?? '';
  const [nonce = '', mac = ''] = value.split('.');
  if (!NONCE_FORMAT.test(nonce)) return false;
  const given = Buffer.from(mac);
  return deps.secrets().some((secret) => {
    const expected = Buffer.from(macOf(nonce, linkSecret, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
