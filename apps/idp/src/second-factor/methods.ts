import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { IdpDb } from '../db/database.ts';
import { idpAccounts, idpPasskeys, idpRecoveryCodes, idpTotp } from '../db/schema.ts';

/** What an account can prove its second step with after the password. */
export interface SecondStepMethods {
  /** A confirmed authenticator app. */
  app: boolean;
  /** Unused recovery codes. */
  recoveryCodes: number;
  /** Passkeys, which stand for a second factor after the password as well (decision 0071). */
  passkeys: boolean;
}

export const NO_SECOND_STEP: SecondStepMethods = { app: false, recoveryCodes: 0, passkeys: false };

/** The account's second factors, in one statement. */
export async function secondStepMethods(db: IdpDb, accountId: string): Promise<SecondStepMethods> {
  if (!z.uuid().safeParse(accountId).success) return NO_SECOND_STEP;
  const id = sql`${accountId}::uuid`;
  const [row] = await db
    .select({
      app: sql<boolean>`exists (select 1 from ${idpTotp} where ${idpTotp.accountId} = ${id} and ${idpTotp.confirmedAt} is not null)`,
      recoveryCodes: sql<number>`(select count(*) from ${idpRecoveryCodes} where ${idpRecoveryCodes.accountId} = ${id} and ${idpRecoveryCodes.usedAt} is null)::int`,
      passkeys: sql<boolean>`exists (select 1 from ${idpPasskeys} where ${idpPasskeys.accountId} = ${id})`,
    })
    .from(idpAccounts)
    .where(eq(idpAccounts.id, accountId));
  return row ? { ...row, recoveryCodes: Number(row.recoveryCodes) } : NO_SECOND_STEP;
}

/**
 * Whether a sign-in with the password must go on to a second step: the account has any second
 * factor — an app, recovery codes left, or a passkey (issue 41: no path ends signed in without
 * the step the account requires).
 */
export function needsSecondStep(methods: SecondStepMethods): boolean {
  return methods.app || methods.recoveryCodes > 0 || methods.passkeys;
}
