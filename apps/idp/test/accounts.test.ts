import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@pp/database/testing';
import {
  checkCredentials,
  createAccount,
  findAccountByEmail,
  seedDemoAccounts,
} from '../src/accounts/accounts.ts';
import { idpAccounts } from '../src/db/schema.ts';
import { createIdpTestDatabase, DEMO_EMAIL, DEMO_PASSWORD } from './support/provider.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createIdpTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

describe('accounts', () => {
  it('store Argon2id hashes, never the password', async () => {
    const account = await findAccountByEmail(database.database.db, DEMO_EMAIL);
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(account?.passwordHash).not.toContain(DEMO_PASSWORD);
    expect(account?.emailVerified).toBe(true);
  });

  it('match e-mail addresses case-insensitively and refuse a second account for one address', async () => {
    const db = database.database.db;
    const email = `Case.${crypto.randomUUID()}@Example.com`;
    await createAccount(db, { email, password: 'Passwort-123' });
    expect((await checkCredentials(db, email.toUpperCase(), 'Passwort-123'))?.emailVerified).toBe(
      false,
    );
    expect(await checkCredentials(db, email, 'passwort-123')).toBeUndefined();
    await expect(
      createAccount(db, { email: email.toLowerCase(), password: 'x' }),
    ).rejects.toThrow();
  });

  it('are seeded idempotently: a second run changes nothing', async () => {
    const db = database.database.db;
    const users = [
      { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      { email: 'new.demo@example.com', password: DEMO_PASSWORD },
    ];
    await seedDemoAccounts(db, users);
    const before = await db.select().from(idpAccounts);
    await seedDemoAccounts(db, users);
    const after = await db.select().from(idpAccounts);
    expect(after).toEqual(before);
    expect(after.filter((a) => a.email === 'new.demo@example.com')).toHaveLength(1);
  });
});
