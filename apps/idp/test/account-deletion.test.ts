import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { confirmAccountOwner, deleteAccount } from '../src/accounts/account-deletion.ts';
import { createAccount } from '../src/accounts/accounts.ts';
import { idpAccounts, idpTotp } from '../src/db/schema.ts';
import { secondFactorKeysOf } from '../src/second-factor/key-source.ts';
import {
  acceptTotpCode,
  replaceRecoveryCodes,
  startTotpSetup,
} from '../src/second-factor/store.ts';
import { useIdp } from './support/provider.ts';

const idp = useIdp();
const PASSWORD = 'Konto-Loeschen-2026';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const db = () => idp.database.database.db;
const noMail = { send: () => Promise.resolve(true) };
const options = () => ({
  db: db(),
  logger: quiet,
  mailer: noMail,
  portalUrl: 'http://localhost:3000/',
});

let accounts = 0;
async function newAccount() {
  accounts += 1;
  const email = `loeschen${accounts}@example.com`;
  return createAccount(db(), { email, password: PASSWORD, emailVerified: true });
}

/** Not within two seconds of a step's end, so a code's step is the one the check sees. */
async function awayFromStepEdge(): Promise<void> {
  const into = (Date.now() / 1000) % 30;
  if (into > 27) await sleep((31 - into) * 1000);
}

/** A confirmed authenticator app and recovery codes, as the setup pages leave them. */
async function withApp(account: { id: string; email: string }) {
  // The keys the provider runs with: generated for the database, as no key is configured.
  const keys = await secondFactorKeysOf(db(), {});
  const setup = await startTotpSetup(db(), keys, account, 'http://localhost:3001');
  const totp = new TOTP({ secret: Secret.fromBase32(setup!.secret), period: 30, digits: 6 });
  await awayFromStepEdge();
  expect(await acceptTotpCode(db(), keys, account.id, totp.generate(), true)).toBe(true);
  // A later step: the one just accepted does not work twice.
  const next = () => totp.generate({ timestamp: Date.now() + 30_000 });
  return { next, codes: await replaceRecoveryCodes(db(), keys, account.id) };
}

describe('confirming the owner before the account is deleted (decision 0078)', () => {
  it('takes the password of an account without an app', async () => {
    const account = await newAccount();
    const check = { email: account.email, password: PASSWORD, clientAddress: '192.0.2.1' };
    expect(await confirmAccountOwner(options(), check)).toEqual({
      kind: 'confirmed',
      accountId: account.id,
    });
    expect(
      await confirmAccountOwner(options(), { ...check, password: 'falsch-falsch-1' }),
    ).toMatchObject({ kind: 'wrong-password' });
    expect(
      await confirmAccountOwner(options(), { ...check, email: 'niemand@example.com' }),
    ).toEqual({ kind: 'no-account' });
  });

  it('asks for a code of the app, or a recovery code, after the password', async () => {
    const account = await newAccount();
    const { next, codes } = await withApp(account);
    const check = { email: account.email, password: PASSWORD, clientAddress: '192.0.2.2' };
    expect(await confirmAccountOwner(options(), check)).toEqual({ kind: 'code-required' });
    expect(await confirmAccountOwner(options(), { ...check, code: '000000' })).toMatchObject({
      kind: 'wrong-code',
    });
    expect(await confirmAccountOwner(options(), { ...check, code: next() })).toEqual({
      kind: 'confirmed',
      accountId: account.id,
    });
    expect(await confirmAccountOwner(options(), { ...check, code: codes[0] })).toEqual({
      kind: 'confirmed',
      accountId: account.id,
    });
    // A recovery code works once.
    expect(await confirmAccountOwner(options(), { ...check, code: codes[0] })).toMatchObject({
      kind: 'wrong-code',
    });
  });

  it('deletes the account with its factors', async () => {
    const account = await newAccount();
    await withApp(account);
    expect(await deleteAccount(db(), account.email)).toBe(true);
    expect(await db().select().from(idpAccounts).where(eq(idpAccounts.id, account.id))).toEqual([]);
    expect(await db().select().from(idpTotp).where(eq(idpTotp.accountId, account.id))).toEqual([]);
    expect(await deleteAccount(db(), account.email)).toBe(false);
  });
});
