import { hash, verify } from '@node-rs/argon2';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { IdpDb } from './db/database.ts';
import { idpAccounts } from './db/schema.ts';

export type Account = typeof idpAccounts.$inferSelect;

export interface NewAccount {
  email: string;
  password: string;
  emailVerified?: boolean;
  locale?: 'de' | 'en';
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

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
      email: normalizeEmail(account.email),
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

export async function findAccountByEmail(db: IdpDb, email: string): Promise<Account | undefined> {
  const [row] = await db
    .select()
    .from(idpAccounts)
    .where(eq(sql`lower(${idpAccounts.email})`, normalizeEmail(email)));
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
  const emails = users.map((u) => normalizeEmail(u.email));
  const existing = await db
    .select({ email: idpAccounts.email })
    .from(idpAccounts)
    .where(inArray(sql`lower(${idpAccounts.email})`, emails));
  const known = new Set(existing.map((row) => normalizeEmail(row.email)));
  const missing = users.filter((u) => !known.has(normalizeEmail(u.email)));
  if (missing.length === 0) return;
  const rows = await Promise.all(
    missing.map(async (u) => ({
      email: normalizeEmail(u.email),
      emailVerified: true,
      passwordHash: await hashPassword(u.password),
    })),
  );
  await db.insert(idpAccounts).values(rows).onConflictDoNothing();
}
