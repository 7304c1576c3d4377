import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, findAccountByEmail, idpSchema, sweepUnconfirmedAccounts } from '@pp/idp';
import { embeddedIdentityAdministration } from '../../src/identity/embedded.ts';
import { linkTo, mailsTo, newAddress } from './support/mails.ts';
import { getPage, submitPage } from './support/pages.ts';
import { useEmbeddedProvider } from './support/provider.ts';
import { confirmAddress } from './support/registration.ts';
import { signIn } from './support/sign-in.ts';

/**
 * An account nobody confirmed does not take its address (issue 23, finding 6): anyone can
 * register any address, so an unconfirmed registration must not keep its owner from registering,
 * from moving a portal account to it, or hold it for longer than its confirmation link.
 */
const provider = useEmbeddedProvider();
const db = () => provider.database.database.db;
const administration = () => embeddedIdentityAdministration(provider.config);
const { idpAccounts, idpAccountTokens } = idpSchema;
const SQUATTER_PASSWORD = 'Fremdes-Passwort-2026';
const OWNER_PASSWORD = 'Eigenes-Passwort-2026';

function register(email: string, password: string) {
  const fields = { email, password, passwordRepeat: password };
  return submitPage(provider.browser(), provider.issuer, '/register', fields, 'de');
}

async function verificationLinks(email: string) {
  return (await mailsTo(db(), email))
    .filter((mail) => mail.template === 'account-verification')
    .map((mail) => linkTo(mail, '/register/verify'));
}

describe('an unconfirmed registration', () => {
  it('does not count as an account of its address', async () => {
    const email = newAddress('offen');
    await createAccount(db(), { email, password: SQUATTER_PASSWORD });
    expect(await administration().hasAccount(db(), email)).toBe(false);
    expect(await administration().hasAccount(db(), 'ben.krause@example.com')).toBe(true);
  });

  it('gives way when a portal account moves to its address, which then signs in confirmed', async () => {
    const squatted = newAddress('besetzt');
    await createAccount(db(), { email: squatted, password: SQUATTER_PASSWORD });
    const mover = newAddress('umzug');
    await createAccount(db(), { email: mover, password: OWNER_PASSWORD, emailVerified: true });

    await db().transaction((tx) => administration().changeEmail(tx, mover, squatted));

    const [account, ...others] = await db()
      .select()
      .from(idpAccounts)
      .where(eq(idpAccounts.email, squatted));
    expect(others).toEqual([]);
    expect(account?.emailVerified).toBe(true);
    await expect(signIn(provider, squatted, OWNER_PASSWORD)).resolves.toBeTruthy();
    await expect(signIn(provider, squatted, SQUATTER_PASSWORD)).rejects.toThrow();
  });

  it('is replaced when the address registers again: the new link confirms the new password, the old link nothing', async () => {
    const email = newAddress('zweimal');
    await register(email, SQUATTER_PASSWORD);
    const [squatterLink] = await verificationLinks(email);
    await register(email, OWNER_PASSWORD);

    const templates = (await mailsTo(db(), email)).map((mail) => mail.template);
    expect(templates).toEqual(['account-verification', 'account-verification']);
    const ownerLink = (await verificationLinks(email))[1]!;
    const stale = await getPage(provider.browser(), squatterLink!);
    expect(stale.html).toContain('<h1>Link nicht mehr gültig</h1>');
    const confirmed = await confirmAddress(provider, provider.browser(), ownerLink, OWNER_PASSWORD);
    expect(confirmed.status).toBe(200);
    await expect(signIn(provider, email, OWNER_PASSWORD)).resolves.toBeTruthy();
  });

  it('is removed once its confirmation links have expired; confirmed accounts and open links stay', async () => {
    const expired = newAddress('abgelaufen');
    await register(expired, SQUATTER_PASSWORD);
    const open = newAddress('laeuft');
    await register(open, SQUATTER_PASSWORD);
    const confirmed = newAddress('bestaetigt');
    await createAccount(db(), { email: confirmed, password: OWNER_PASSWORD, emailVerified: true });
    // A day and a bit has passed for the first registration.
    const before = await findAccountByEmail(db(), expired);
    await db()
      .update(idpAccountTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(idpAccountTokens.accountId, before!.id));
    await db()
      .update(idpAccounts)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idpAccounts.id, before!.id));

    await sweepUnconfirmedAccounts(db());

    expect(await findAccountByEmail(db(), expired)).toBeUndefined();
    expect(await findAccountByEmail(db(), open)).toBeDefined();
    expect(await findAccountByEmail(db(), confirmed)).toBeDefined();
  });
});
