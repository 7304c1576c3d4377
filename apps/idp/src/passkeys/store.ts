import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { IdpDb } from '../db/database.ts';
import { idpPasskeys } from '../db/schema.ts';

/** The longest name a person can give a passkey. */
export const MAX_PASSKEY_NAME = 64;

/** A passkey as the security page lists it. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface StoredPasskey {
  id: string;
  accountId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** The account's passkeys, oldest first. */
export async function listPasskeys(db: IdpDb, accountId: string): Promise<PasskeySummary[]> {
  if (!isUuid(accountId)) return [];
  return db
    .select({
      id: idpPasskeys.id,
      name: idpPasskeys.name,
      createdAt: idpPasskeys.createdAt,
      lastUsedAt: idpPasskeys.lastUsedAt,
    })
    .from(idpPasskeys)
    .where(eq(idpPasskeys.accountId, accountId))
    .orderBy(asc(idpPasskeys.createdAt), asc(idpPasskeys.id));
}

/** The account's credentials (id and transports), so the browser does not register one twice. */
export async function accountCredentials(db: IdpDb, accountId: string) {
  return db
    .select({ id: idpPasskeys.credentialId, transports: idpPasskeys.transports })
    .from(idpPasskeys)
    .where(eq(idpPasskeys.accountId, accountId));
}

export async function hasPasskeys(db: IdpDb, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: idpPasskeys.id })
    .from(idpPasskeys)
    .where(eq(idpPasskeys.accountId, accountId))
    .limit(1);
  return row !== undefined;
}

export async function findPasskeyByCredentialId(
  db: IdpDb,
  credentialId: string,
): Promise<StoredPasskey | undefined> {
  const [row] = await db
    .select({
      id: idpPasskeys.id,
      accountId: idpPasskeys.accountId,
      credentialId: idpPasskeys.credentialId,
      publicKey: idpPasskeys.publicKey,
      counter: idpPasskeys.counter,
      transports: idpPasskeys.transports,
      deviceType: idpPasskeys.deviceType,
      backedUp: idpPasskeys.backedUp,
    })
    .from(idpPasskeys)
    .where(eq(idpPasskeys.credentialId, credentialId));
  return row;
}

/** One of the account's passkeys by its id (a foreign or unknown id: undefined). */
export async function findAccountPasskey(
  db: IdpDb,
  accountId: string,
  id: string,
): Promise<PasskeySummary | undefined> {
  if (!isUuid(id) || !isUuid(accountId)) return undefined;
  const [row] = await db
    .select({
      id: idpPasskeys.id,
      name: idpPasskeys.name,
      createdAt: idpPasskeys.createdAt,
      lastUsedAt: idpPasskeys.lastUsedAt,
    })
    .from(idpPasskeys)
    .where(and(eq(idpPasskeys.id, id), eq(idpPasskeys.accountId, accountId)));
  return row;
}

export interface NewPasskey {
  accountId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  name: string;
}

/** Stores a registered passkey; false when its credential id is already stored. */
export async function addPasskey(db: IdpDb, passkey: NewPasskey): Promise<boolean> {
  const added = await db
    .insert(idpPasskeys)
    .values(passkey)
    .onConflictDoNothing({ target: idpPasskeys.credentialId })
    .returning({ id: idpPasskeys.id });
  return added.length === 1;
}

/** After a sign-in with it: the new signature counter, when, and whether it is backed up now. */
export async function passkeyUsed(
  db: IdpDb,
  id: string,
  use: { counter: number; backedUp: boolean },
): Promise<void> {
  await db
    .update(idpPasskeys)
    .set({ counter: use.counter, backedUp: use.backedUp, lastUsedAt: sql`now()` })
    .where(eq(idpPasskeys.id, id));
}

/** Removes one of the account's passkeys; false when it has none of that id. */
export async function removePasskey(db: IdpDb, accountId: string, id: string): Promise<boolean> {
  if (!isUuid(id) || !isUuid(accountId)) return false;
  const removed = await db
    .delete(idpPasskeys)
    .where(and(eq(idpPasskeys.id, id), eq(idpPasskeys.accountId, accountId)))
    .returning({ id: idpPasskeys.id });
  return removed.length === 1;
}
