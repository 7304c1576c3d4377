import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue, hostCookieName } from '../app/cookies.ts';
import { PageError } from '../app/error-page.ts';
import type { FormDeps } from './types.ts';

/**
 * CSRF protection of the forms outside an interaction (decision 0020). Besides the `Origin`
 * check of every form post, the browser holds a random value in a `SameSite=Strict` cookie, and
 * each form carries an HMAC of it with the cookie secret: a post from another site arrives
 * without the cookie, and a token from another browser does not match its cookie.
 */
const NONCE_FORMAT = /^[A-Za-z0-9_-]{22}$/;

const cookieName = (issuer: string) => hostCookieName(issuer, 'pp_idp_form');

function tokenFor(nonce: string, secret: string): string {
  return createHmac('sha256', secret).update(`form:${nonce}`).digest('base64url');
}

/**
 * The token for a form on this page: bound to the browser's cookie, which is set when missing
 * (a link from a mail arrives without it: the cookie is `Strict`).
 */
export function issueFormToken(deps: FormDeps, request: FastifyRequest, reply: FastifyReply) {
  const name = cookieName(deps.options.issuer);
  let nonce = cookieValue(request, name);
  if (nonce === undefined || !NONCE_FORMAT.test(nonce)) {
    nonce = randomBytes(16).toString('base64url');
    const secure = deps.options.issuer.startsWith('https:') ? '; Secure' : '';
    void reply.header('set-cookie', `${name}=${nonce}; Path=/; HttpOnly; SameSite=Strict${secure}`);
  }
  return tokenFor(nonce, deps.secrets()[0] ?? '');
}

/** Refuses (403) a post without the cookie or whose token does not match it. */
export function checkFormToken(deps: FormDeps, request: FastifyRequest, token: string): void {
  const nonce = cookieValue(request, cookieName(deps.options.issuer));
  const given = Buffer.from(token);
  const valid =
    nonce !== undefined &&
    NONCE_FORMAT.test(nonce) &&
    deps.secrets().some((secret) => {
      const expected = Buffer.from(tokenFor(nonce, secret));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  if (!valid) throw new PageError(403, 'forbidden');
}
