import { eq, sql } from 'drizzle-orm';
import { consumeAccountToken, retireAccountTokens } from '../accounts/account-tokens.ts';
import type { IdpDb } from '../db/database.ts';
import { idpAccounts } from '../db/schema.ts';

/**
 * Uses the confirmation link up and confirms its account's address, in one transaction; the
 * account's other confirmation links end too. Undefined when the link is unknown, used or
 * expired by now (of two concurrent uses, one wins).
 */
export async function confirmAccount(db: IdpDb, token: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const accountId = await consumeAccountToken(tx, token, 'verify-email');
    if (accountId === undefined) return undefined;
    await tx
      .update(idpAccounts)
      .set({ emailVerified: true, updatedAt: sql`now()` })
      .where(eq(idpAccounts.id, accountId));
    await retireAccountTokens(tx, accountId, ['verify-email']);
    return accountId;
  });
}
