import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { IdpDb } from '../db/database.ts';
import { idpAccounts, idpAccountTokens, type AccountTokenPurpose } from '../db/schema.ts';
import { LIFETIMES } from '../lifetimes.ts';
import type { Account } from './accounts.ts';

const VALID_SECONDS: Record<AccountTokenPurpose, number> = {
  'verify-email': LIFETIMES.verificationLink,
  'reset-password': LIFETIMES.resetLink,
};

/** 32 random bytes, base64url: what a link carries. Anything else is no token of ours. */
const SECRET_FORMAT = /^[A-Za-z0-9_-]{43}$/;

const digest = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** A new single-use link secret for the account; only its hash is stored. */
export async function issueAccountToken(
  tx: IdpDb,
  accountId: string,
  purpose: AccountTokenPurpose,
): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await tx.insert(idpAccountTokens).values({
    tokenHash: digest(secret),
    accountId,
    purpose,
    expiresAt: sql`now() + make_interval(secs => ${VALID_SECONDS[purpose]})`,
  });
  return secret;
}

function usable(secret: string, purpose: AccountTokenPurpose) {
  return and(
    eq(idpAccountTokens.tokenHash, digest(secret)),
    eq(idpAccountTokens.purpose, purpose),
    isNull(idpAccountTokens.usedAt),
    gt(idpAccountTokens.expiresAt, sql`now()`),
  );
}

/** The account of a link that is neither used nor expired, without using it up. */
export async function findTokenAccount(
  db: IdpDb,
  secret: string,
  purpose: AccountTokenPurpose,
): Promise<Account | undefined> {
  if (!SECRET_FORMAT.test(secret)) return undefined;
  const [row] = await db
    .select({ account: idpAccounts })
    .from(idpAccountTokens)
    .innerJoin(idpAccounts, eq(idpAccounts.id, idpAccountTokens.accountId))
    .where(usable(secret, purpose));
  return row?.account;
}

/**
 * Uses the link up and answers its account; undefined when it is unknown, used or expired. Of two
 * concurrent uses only one gets the account.
 */
export async function consumeAccountToken(
  tx: IdpDb,
  secret: string,
  purpose: AccountTokenPurpose,
): Promise<string | undefined> {
  if (!SECRET_FORMAT.test(secret)) return undefined;
  const [row] = await tx
    .update(idpAccountTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(secret, purpose))
    .returning({ accountId: idpAccountTokens.accountId });
  return row?.accountId;
}

/** Ends the account's other links of these purposes (they went to the same mailbox). */
export async function retireAccountTokens(
  tx: IdpDb,
  accountId: string,
  purposes: readonly AccountTokenPurpose[],
): Promise<void> {
  await tx
    .update(idpAccountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(idpAccountTokens.accountId, accountId),
        inArray(idpAccountTokens.purpose, [...purposes]),
        isNull(idpAccountTokens.usedAt),
      ),
    );
}

/** Deletes links that have expired. */
export async function sweepAccountTokens(db: IdpDb): Promise<void> {
  await db.delete(idpAccountTokens).where(lt(idpAccountTokens.expiresAt, sql`now()`));
}
