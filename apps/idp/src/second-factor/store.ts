import { and, count, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { z } from 'zod';
import type { IdpDb } from '../db/database.ts';
import { idpAccounts, idpPasskeys, idpRecoveryCodes, idpTotp } from '../db/schema.ts';
import {
  decryptSecret,
  encryptSecret,
  newRecoveryCode,
  normalRecoveryCode,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
  recoveryCodeHashes,
  type SecondFactorKeys,
} from './keys.ts';

/** RFC 6238 as authenticator apps use it: SHA-1, six digits, 30-second steps. */
const PERIOD = 30;
const DIGITS = 6;
/** One step before and after the current one count (clock drift of the phone). */
export const DRIFT_STEPS = 1;

function totpOf(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** The second factor of an account as the security page shows it. */
export interface SecondFactorState {
  totpConfirmedAt: Date | null;
  recoveryCodesLeft: number;
}

export async function secondFactorState(db: IdpDb, accountId: string): Promise<SecondFactorState> {
  if (!z.uuid().safeParse(accountId).success)
    return { totpConfirmedAt: null, recoveryCodesLeft: 0 };
  const [totp] = await db
    .select({ confirmedAt: idpTotp.confirmedAt })
    .from(idpTotp)
    .where(eq(idpTotp.accountId, accountId));
  return {
    totpConfirmedAt: totp?.confirmedAt ?? null,
    recoveryCodesLeft: await recoveryCodesLeft(db, accountId),
  };
}

/**
 * Which of these addresses have an account here, and whether each signs in with a second factor
 * (a confirmed authenticator app or a passkey): the employee list's badge. An address without an account of
 * this provider is missing from the map — not known, rather than "no".
 */
export async function secondFactorsByEmail(
  db: IdpDb,
  emails: readonly string[],
): Promise<Map<string, boolean>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({
      email: idpAccounts.email,
      confirmedAt: idpTotp.confirmedAt,
      passkeys: sql<boolean>`exists (select 1 from ${idpPasskeys} where ${idpPasskeys.accountId} = ${idpAccounts.id})`,
    })
    .from(idpAccounts)
    .leftJoin(idpTotp, eq(idpTotp.accountId, idpAccounts.id))
    .where(inArray(idpAccounts.email, [...emails]));
  return new Map(rows.map((row) => [row.email, row.confirmedAt !== null || row.passkeys]));
}

export async function hasConfirmedTotp(db: IdpDb, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ accountId: idpTotp.accountId })
    .from(idpTotp)
    .where(and(eq(idpTotp.accountId, accountId), isNotNull(idpTotp.confirmedAt)));
  return row !== undefined;
}

export async function recoveryCodesLeft(db: IdpDb, accountId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(idpRecoveryCodes)
    .where(and(eq(idpRecoveryCodes.accountId, accountId), isNull(idpRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** What the setup page shows: the secret for typing and the `otpauth://` URI (also the QR code). */
export interface TotpSetup {
  secret: string;
  uri: string;
}

/**
 * A new secret for an account without a confirmed one (a pending setup is replaced); an account
 * that has one keeps it and gets undefined.
 */
export async function startTotpSetup(
  db: IdpDb,
  keys: SecondFactorKeys,
  account: { id: string; email: string },
  issuer: string,
): Promise<TotpSetup | undefined> {
  const secret = new Secret({ size: 20 }).base32;
  const ciphertext = encryptSecret(keys, account.id, secret);
  const stored = await db
    .insert(idpTotp)
    .values({ accountId: account.id, secretCiphertext: ciphertext })
    .onConflictDoUpdate({
      target: idpTotp.accountId,
      set: { secretCiphertext: ciphertext, createdAt: sql`now()`, lastUsedStep: null },
      setWhere: isNull(idpTotp.confirmedAt),
    })
    .returning({ accountId: idpTotp.accountId });
  if (stored.length === 0) return undefined;
  return { secret, uri: totpOf(secret, account.email, issuer).toString() };
}

/** The secret of a pending setup, to show it again after a wrong confirmation code. */
export async function pendingTotpSetup(
  db: IdpDb,
  keys: SecondFactorKeys,
  account: { id: string; email: string },
  issuer: string,
): Promise<TotpSetup | undefined> {
  const [row] = await db
    .select()
    .from(idpTotp)
    .where(and(eq(idpTotp.accountId, account.id), isNull(idpTotp.confirmedAt)));
  if (!row) return undefined;
  const secret = decryptSecret(keys, account.id, row.secretCiphertext);
  return { secret, uri: totpOf(secret, account.email, issuer).toString() };
}

const CODE_FORMAT = /^\d{6}$/;

/** A typed code without spaces, or undefined when it cannot be one. */
export function normalCode(typed: string): string | undefined {
  const code = typed.replace(/\s/g, '');
  return CODE_FORMAT.test(code) ? code : undefined;
}

/**
 * Checks a code against the account's secret (confirmed, or pending for `confirming`): within
 * one step of drift, and only of a step later than the last accepted one, which it then becomes
 * — so each code works once, even for two requests at the same moment.
 */
export async function acceptTotpCode(
  db: IdpDb,
  keys: SecondFactorKeys,
  accountId: string,
  typed: string,
  confirming = false,
): Promise<boolean> {
  const code = normalCode(typed);
  if (!code) return false;
  const [row] = await db
    .select()
    .from(idpTotp)
    .where(
      and(
        eq(idpTotp.accountId, accountId),
        confirming ? isNull(idpTotp.confirmedAt) : isNotNull(idpTotp.confirmedAt),
      ),
    );
  if (!row) return false;
  const totp = totpOf(decryptSecret(keys, accountId, row.secretCiphertext));
  const now = Date.now();
  const delta = totp.validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  const accepted = await db
    .update(idpTotp)
    .set({
      lastUsedStep: step,
      ...(confirming ? { confirmedAt: sql`now()` } : {}),
    })
    .where(
      and(
        eq(idpTotp.accountId, accountId),
        eq(idpTotp.secretCiphertext, row.secretCiphertext),
        or(isNull(idpTotp.lastUsedStep), lt(idpTotp.lastUsedStep, step)),
      ),
    )
    .returning({ accountId: idpTotp.accountId });
  return accepted.length === 1;
}

/** Ten new recovery codes in place of the account's old ones; only their hashes are stored. */
export async function replaceRecoveryCodes(
  db: IdpDb,
  keys: SecondFactorKeys,
  accountId: string,
): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await db.transaction(async (tx) => {
    await tx.delete(idpRecoveryCodes).where(eq(idpRecoveryCodes.accountId, accountId));
    await tx.insert(idpRecoveryCodes).values(
      [...codes].map((code) => ({
        accountId,
        codeHash: recoveryCodeHash(keys, accountId, code),
      })),
    );
  });
  return [...codes];
}

/** Uses up one unused recovery code of the account; false when the typed one is none of them. */
export async function useRecoveryCode(
  db: IdpDb,
  keys: SecondFactorKeys,
  accountId: string,
  typed: string,
): Promise<boolean> {
  const code = normalRecoveryCode(typed);
  if (!code) return false;
  const used = await db
    .update(idpRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(idpRecoveryCodes.accountId, accountId),
        inArray(idpRecoveryCodes.codeHash, recoveryCodeHashes(keys, accountId, code)),
        isNull(idpRecoveryCodes.usedAt),
      ),
    )
    .returning({ accountId: idpRecoveryCodes.accountId });
  return used.length === 1;
}

/** Removes the authenticator app and the recovery codes of the account. */
export async function removeSecondFactor(db: IdpDb, accountId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(idpRecoveryCodes).where(eq(idpRecoveryCodes.accountId, accountId));
    await tx.delete(idpTotp).where(eq(idpTotp.accountId, accountId));
  });
}
