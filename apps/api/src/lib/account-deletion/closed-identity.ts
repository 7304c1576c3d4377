import { createHash } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { VerifiedToken } from '../tokens/token-verifier.ts';
import { audit } from '../audit/audit-log.ts';

/** An identity as the audit names it once its account is deleted: a hash, not the subject. */
const identityKey = (issuer: string, subject: string) =>
  createHash('sha256').update(`${issuer}\n${subject}`).digest('base64url');

/**
 * Notes that the identity's account was deleted (decision 0078): its access tokens issued until
 * now still verify for their few minutes, and without a note a call with one would make a new,
 * empty customer for it as at a first sign-in.
 */
export async function noteClosedIdentity(
  tx: Executor,
  pseudonym: string,
  identity: { issuer: string; subject: string },
): Promise<void> {
  await audit(tx, {
    actorCustomerId: pseudonym,
    action: 'identity.account_deleted',
    entity: 'identity',
    entityId: identityKey(identity.issuer, identity.subject),
  });
}

/** Whether the token was issued before its identity's account was deleted. */
export async function issuedBeforeDeletion(db: Executor, token: VerifiedToken): Promise<boolean> {
  const issuedAt = typeof token.claims.iat === 'number' ? token.claims.iat : 0;
  const [row] = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'identity'),
        eq(auditLog.entityId, identityKey(token.issuer, token.subject)),
        gte(auditLog.at, sql`to_timestamp(${issuedAt})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}
