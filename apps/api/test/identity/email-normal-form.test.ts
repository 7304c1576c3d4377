import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { normalizeEmail } from '@pp/contract';
import { createAccount, findAccountByEmail, idpSchema } from '@pp/idp';
import { DEMO_PASSWORD } from '../../src/db/seed/demo.ts';
import { embeddedIdentityAdministration } from '../../src/identity/embedded.ts';
import { mailsTo, newAddress } from './support/mails.ts';
import { submitPage } from './support/pages.ts';
import { useEmbeddedProvider } from './support/provider.ts';
import { signIn, submitSignIn } from './support/sign-in.ts';

const provider = useEmbeddedProvider();
const db = () => provider.database.database.db;
const PASSWORD = 'Sicheres-Passwort-2026';

/** The constraint that refused a statement (drizzle wraps the driver's error). */
async function refusedBy(work: Promise<unknown>): Promise<unknown> {
  let current: unknown = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  while (current instanceof Error && !('constraint' in current) && current.cause) {
    current = current.cause;
  }
  return current instanceof Error && 'constraint' in current ? current.constraint : current;
}

describe('the provider’s addresses in the normal form (decision 0019)', () => {
  it('sign in whatever the ASCII case and spaces typed', async () => {
    const tokens = await signIn(provider, '  Ben.Krause@EXAMPLE.com ', DEMO_PASSWORD);
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      email: 'ben.krause@example.com',
      email_verified: true,
    });
  });

  it('never fold another character onto an account’s address', async () => {
    for (const email of ['ben.\u212Arause@example.com', 'ben.kr\u0430use@example.com']) {
      expect(await findAccountByEmail(db(), email)).toBeUndefined();
      expect((await submitSignIn(provider, provider.browser(), email, DEMO_PASSWORD)).status).toBe(
        401,
      );
    }
  });

  it('are stored in the normal form and compared exactly', async () => {
    const local = `Gross.${crypto.randomUUID().slice(0, 8)}`;
    const account = await createAccount(db(), {
      email: `${local}@Zahnarzt-Müller.DE`,
      password: 'Sicheres-Passwort-1',
    });
    expect(account.email).toBe(`${local.toLowerCase()}@xn--zahnarzt-mller-psb.de`);
    expect(await findAccountByEmail(db(), `${local.toUpperCase()}@zahnarzt-müller.de`)).toEqual(
      account,
    );
    await expect(
      createAccount(db(), { email: 'ben.\u212Arause@example.com', password: 'x' }),
    ).rejects.toThrow();
  });

  it('are held to the normal form by the database as well', async () => {
    const insert = (email: string) =>
      db().execute(sql`insert into idp_accounts (email, password_hash) values (${email}, 'x')`);
    expect(await refusedBy(insert(`Upper.${crypto.randomUUID()}@example.com`))).toBe(
      'idp_accounts_email_normal_check',
    );
    const email = newAddress();
    await insert(email);
    expect(await refusedBy(insert(email))).toBe('idp_accounts_email_key');
  });

  it('reach the one account from every form, whatever the case and spaces typed', async () => {
    const local = `Formular.${crypto.randomUUID().slice(0, 8)}`;
    const account = await createAccount(db(), {
      email: `${local}@example.com`,
      password: PASSWORD,
    });
    const typed = ` ${local.toUpperCase()}@EXAMPLE.com `;
    const page = (path: string, fields: Record<string, string>) =>
      submitPage(provider.browser(), provider.issuer, path, fields);
    await page('/register/resend', { email: typed });
    await page('/forgot-password', { email: typed });
    await page('/register', { email: typed, password: PASSWORD, passwordRepeat: PASSWORD });
    // The account is unconfirmed, so the registration replaces it (issue 23, finding 6): still
    // one account of the address, never a second one in another spelling.
    expect((await mailsTo(db(), account.email)).map((mail) => mail.template)).toEqual([
      'account-verification',
      'password-reset',
      'account-verification',
    ]);
    const accounts = await db()
      .select({ email: idpSchema.idpAccounts.email })
      .from(idpSchema.idpAccounts)
      .where(sql`lower(${idpSchema.idpAccounts.email}) = ${account.email}`);
    expect(accounts).toEqual([{ email: account.email }]);
  });

  it('reach the one account through the administration, also with a domain typed in Unicode', async () => {
    const local = `Verwaltung.${crypto.randomUUID().slice(0, 8)}`;
    const account = await createAccount(db(), {
      email: `${local}@zahnarzt-müller.de`,
      password: PASSWORD,
      emailVerified: true,
    });
    expect(account.email).toBe(`${local.toLowerCase()}@xn--zahnarzt-mller-psb.de`);
    const admin = embeddedIdentityAdministration(provider.config);
    const shouted = ` ${local.toUpperCase()}@ZAHNARZT-MÜLLER.de `;
    expect(await admin.hasAccount(db(), shouted)).toBe(true);
    await db().transaction((tx) => admin.sendPasswordReset(tx, shouted, 'de'));
    expect((await mailsTo(db(), account.email)).map((mail) => mail.template)).toEqual([
      'password-reset',
    ]);
    await expect(signIn(provider, shouted, PASSWORD)).resolves.toBeTruthy();

    const next = ` Neu.${local}@Praxis-Süd.DE`;
    await db().transaction((tx) => admin.changeEmail(tx, shouted, next));
    expect((await findAccountByEmail(db(), next))?.id).toBe(account.id);
    expect((await findAccountByEmail(db(), next))?.email).toBe(normalizeEmail(next));
    expect(normalizeEmail(next)).toBe(`neu.${local.toLowerCase()}@xn--praxis-sd-x9a.de`);
  });
});
