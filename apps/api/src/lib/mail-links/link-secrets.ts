import { createHash, randomBytes } from 'node:crypto';

/** The SHA-256 of a link's secret: what is stored, so a database reader cannot use the link. */
export function hashLinkSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** A new secret for a link in a mail (32 random bytes, base64url) and the hash to store. */
export function newLinkSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashLinkSecret(secret) };
}
