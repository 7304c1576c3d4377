import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccountChangeRefused, createAccount, findAccountByEmail, idpSchema } from '@pp/idp';
import { embeddedIdentityAdministration } from '../../src/identity/embedded.ts';
import { ApiError } from '../../src/lib/http/problem.ts';
import { linkTo, mailsTo, newAddress } from './support/mails.ts';
import { csrfOf, getPage, postPage } from './support/pages.ts';
import { useEmbeddedProvider } from './support/provider.ts';
import { signIn, submitSignIn } from './support/sign-in.ts';

const provider = useEmbeddedProvider();
const db = () => provider.database.database.db;
const administration = () => embeddedIdentityAdministration(provider.config);
const PASSWORD = 'Sicheres-Passwort-2026';

async function newAccount(name = 'konto') {
  const email = newAddress(name);
  return createAccount(db(), { email, password: PASSWORD, emailVerified: true });
}

describe('the identity administration of the embedded provider', () => {
  it('sends the forgot-password page’s link and mail in the caller’s transaction and language', async () => {
    const account = await newAccount();
    await db().transaction((tx) =>
      administration().sendPasswordReset(tx, account.email.toUpperCase(), 'en'),
    );
    const [mail, ...others] = await mailsTo(db(), account.email);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ template: 'password-reset', language: 'en' });
    const link = linkTo(mail!, '/reset-password');
    expect(link.origin).toBe(provider.issuer);

    const browser = provider.browser('en');
    const form = await getPage(browser, link);
    expect(form.html).toContain('<h1>Choose a new password</h1>');
    const done = await postPage(browser, provider.issuer, '/reset-password', {
      csrf: csrfOf(form.html),
      lang: 'en',
      token: link.searchParams.get('token') ?? '',
      password: 'Neues-Passwort-2026',
      passwordRepeat: 'Neues-Passwort-2026',
    });
    expect(done.status).toBe(200);
    await expect(signIn(provider, account.email, 'Neues-Passwort-2026')).resolves.toBeTruthy();
  });

  it('sends nothing to an address without an account, and nothing when the transaction rolls back', async () => {
    const unknown = newAddress('niemand');
    await administration().sendPasswordReset(db(), unknown, 'de');
    expect(await mailsTo(db(), unknown)).toEqual([]);

    const account = await newAccount();
    await expect(
      db().transaction(async (tx) => {
        await administration().sendPasswordReset(tx, account.email, 'de');
        throw new Error('the portal’s change failed');
      }),
    ).rejects.toThrow('failed');
    expect(await mailsTo(db(), account.email)).toEqual([]);
  });

  it('knows which addresses have an account, in the normal form', async () => {
    const admin = administration();
    expect(await admin.hasAccount(db(), 'ben.krause@example.com')).toBe(true);
    expect(await admin.hasAccount(db(), 'Ben.Krause@Example.COM')).toBe(true);
    expect(await admin.hasAccount(db(), 'ben.\u212Arause@example.com')).toBe(false);
    expect(await admin.hasAccount(db(), newAddress())).toBe(false);
  });

  it('moves an account to a new address: it signs in with the new one, still confirmed, not with the old', async () => {
    const account = await newAccount('alt');
    const next = newAddress('neu');
    // A reset link mailed to the old address before the change.
    await administration().sendPasswordReset(db(), account.email, 'de');
    const oldLink = linkTo((await mailsTo(db(), account.email))[0]!, '/reset-password');

    await db().transaction((tx) =>
      administration().changeEmail(tx, account.email, ` ${next.toUpperCase()} `),
    );

    expect(await findAccountByEmail(db(), account.email)).toBeUndefined();
    expect(await findAccountByEmail(db(), next)).toMatchObject({
      id: account.id,
      email: next,
      emailVerified: true,
    });
    const tokens = await signIn(provider, next, PASSWORD);
    expect(decodeJwt(tokens.access_token)).toMatchObject({ sub: account.id, email: next });
    expect((await submitSignIn(provider, provider.browser(), account.email, PASSWORD)).status).toBe(
      401,
    );
    expect((await getPage(provider.browser(), oldLink)).status).toBe(400);
  });

  it('refuses an address another account has and what is no address; without an account there is nothing to move', async () => {
    const [first, second] = [await newAccount(), await newAccount()];
    const outcome = (from: string, to: string) =>
      administration()
        .changeEmail(db(), from, to)
        .then(
          () => 'changed',
          (error: unknown) =>
            error instanceof AccountChangeRefused
              ? error.reason
              : error instanceof ApiError
                ? `${error.status} ${error.code}`
                : error,
        );
    expect(await outcome(first.email, second.email.toUpperCase())).toBe('409 email_taken');
    expect(await outcome(newAddress(), newAddress())).toBe('changed');
    expect(await outcome(first.email, 'ben.\u212Arause@example.com')).toBe('invalid-email');
    const stored = await db()
      .select({ email: idpSchema.idpAccounts.email })
      .from(idpSchema.idpAccounts)
      .where(eq(idpSchema.idpAccounts.id, first.id));
    expect(stored).toEqual([{ email: first.email }]);
  });
});
