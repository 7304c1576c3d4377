import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A token bound to one interaction, sent back in a hidden field with each form. The interaction
 * cookie (signed, SameSite=Lax) already keeps other sites from posting into a sign-in; this token
 * also refuses a post that names another interaction than the one the cookie belongs to.
 */
export function csrfToken(uid: string, secret: string): string {
  return createHmac('sha256', secret).update(`interaction:${uid}`).digest('base64url');
}

/** Checks against every cookie secret, so a token survives a key rotation. */
export function isValidCsrfToken(token: string, uid: string, secrets: readonly string[]): boolean {
  if (!token) return false;
  const given = Buffer.from(token);
  return secrets.some((secret) => {
    const expected = Buffer.from(csrfToken(uid, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
