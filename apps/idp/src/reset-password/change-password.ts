import { eq, sql } from 'drizzle-orm';
import { consumeAccountToken, retireAccountTokens } from '../accounts/account-tokens.ts';
import { hashPassword } from '../accounts/accounts.ts';
import { endAccountState } from '../provider/adapter.ts';
import { idpAccounts } from '../db/schema.ts';
import type { IdpDb } from '../db/database.ts';
import { forgetAccountFailures } from '../sessions/throttle.ts';

/**
 * Sets the password of the link's account and uses the link up, in one transaction: the other
 * links of the account end, its sessions, grants and refresh tokens too (whoever knew the old
 * password is signed out), and its address counts as confirmed (the link reached its mailbox).
 * Undefined when the link is unknown, used or expired by now.
 */
export async function changePassword(
  db: IdpDb,
  token: string,
  password: string,
): Promise<string | undefined> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const accountId = await consumeAccountToken(tx, token, 'reset-password');
    if (accountId === undefined) return undefined;
    const [account] = await tx
      .update(idpAccounts)
      .set({ passwordHash, emailVerified: true, updatedAt: sql`now()` })
      .where(eq(idpAccounts.id, accountId))
      .returning({ email: idpAccounts.email, id: idpAccounts.id });
    await retireAccountTokens(tx, accountId, ['reset-password', 'verify-email']);
    await endAccountState(tx, accountId);
    // Failed sign-ins with the old password no longer slow the new one down.
    if (account) await forgetAccountFailures(tx, account);
    return accountId;
  });
}
