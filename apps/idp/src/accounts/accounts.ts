import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, inArray, lt, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import { EmailSchema } from '@pp/contract';
import type { IdpDb } from '../db/database.ts';
import { idpAccounts, idpAccountTokens } from '../db/schema.ts';
import { LIFETIMES } from '../lifetimes.ts';

export type Account = typeof idpAccounts.$inferSelect;

export interface NewAccount {
  email: string;
  password: string;
  emailVerified?: boolean;
  locale?: 'de' | 'en';
}

/**
 * The contract's normal form of an address (decision 0019), or undefined for what is no address
 * we accept (a local part that is not ASCII is refused, never folded onto another address).
 */
export function normalAddress(email: string): string | undefined {
  const parsed = EmailSchema.safeParse(email);
  return parsed.success ? parsed.data : undefined;
}

function requireNormalAddress(email: string): string {
  const normal = normalAddress(email);
  if (normal === undefined) throw new Error('not an e-mail address the provider accepts');
  return normal;
}

/** Argon2id (the library's default algorithm) with its default cost: about 36 ms per hash. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verified when no account matches, so a wrong e-mail costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function createAccount(db: IdpDb, account: NewAccount): Promise<Account> {
  const [row] = await db
    .insert(idpAccounts)
    .values({
      email: requireNormalAddress(account.email),
      emailVerified: account.emailVerified ?? false,
      passwordHash: await hashPassword(account.password),
      locale: account.locale ?? 'de',
    })
    .returning();
  if (!row) throw new Error('account was not created');
  return row;
}

export async function findAccountById(db: IdpDb, id: string): Promise<Account | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.id, id));
  return row;
}

/** The account of this address in its normal form, compared exactly. */
export async function findAccountByEmail(db: IdpDb, email: string): Promise<Account | undefined> {
  const normal = normalAddress(email);
  if (normal === undefined) return undefined;
  const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.email, normal));
  return row;
}

/** The account when e-mail and password match; always spends one Argon2 verification. */
export async function checkCredentials(
  db: IdpDb,
  email: string,
  password: string,
): Promise<Account | undefined> {
  const account = await findAccountByEmail(db, email);
  const stored = account?.passwordHash ?? (await (dummyHash ??= hashPassword('no account')));
  const matches = await verify(stored, password).catch(() => false);
  return account && matches ? account : undefined;
}

/**
 * Creates the demo accounts (verified e-mail) that do not exist yet; existing accounts are left
 * as they are, so a restart or a second instance changes nothing.
 */
export async function seedDemoAccounts(
  db: IdpDb,
  users: readonly { email: string; password: string }[],
): Promise<void> {
  if (users.length === 0) return;
  const normal = users.map((u) => ({ ...u, email: requireNormalAddress(u.email) }));
  const existing = await db
    .select({ email: idpAccounts.email })
    .from(idpAccounts)
    .where(
      inArray(
        idpAccounts.email,
        normal.map((u) => u.email),
      ),
    );
  const known = new Set(existing.map((row) => row.email));
  const missing = normal.filter((u) => !known.has(u.email));
  if (missing.length === 0) return;
  const rows = await Promise.all(
    missing.map(async (u) => ({
      email: u.email,
      emailVerified: true,
      passwordHash: await hashPassword(u.password),
    })),
  );
  await db.insert(idpAccounts).values(rows).onConflictDoNothing();
}

/**
 * Removes the accounts nobody confirmed once their confirmation links have all expired: anyone
 * can register any address, and an unconfirmed registration must not hold it (issue 23).
 */
export async function sweepUnconfirmedAccounts(db: IdpDb): Promise<void> {
  await db.delete(idpAccounts).where(
    and(
      eq(idpAccounts.emailVerified, false),
      lt(idpAccounts.createdAt, sql`now() - make_interval(secs => ${LIFETIMES.verificationLink})`),
      notExists(
        db
          .select({ one: sql`1` })
          .from(idpAccountTokens)
          .where(
            and(
              eq(idpAccountTokens.accountId, idpAccounts.id),
              eq(idpAccountTokens.purpose, 'verify-email'),
              gt(idpAccountTokens.expiresAt, sql`now()`),
            ),
          ),
      ),
    ),
  );
}

/**
 * Deletes the unconfirmed account of an address (its links go with it), in the caller's
 * transaction: whoever proves the address now — by a new registration's link, or by confirming
 * a portal account's move to it — takes it over.
 */
export async function releaseUnconfirmedAddress(db: IdpDb, email: string): Promise<void> {
  await db
    .delete(idpAccounts)
    .where(and(eq(idpAccounts.email, email), eq(idpAccounts.emailVerified, false)));
}
