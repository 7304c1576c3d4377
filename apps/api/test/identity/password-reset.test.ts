import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, findAccountByEmail, idpSchema } from '@pp/idp';
import { inputAttributes, type TestBrowser } from '@pp/testing';
import { expectSessionEnded } from '../support/ended-session.ts';
import { useApiOn } from './support/api.ts';
import { linkTo, mailsTo, newAddress } from './support/mails.ts';
import { csrfOf, getPage, postPage, submitPage } from './support/pages.ts';
import { useEmbeddedProvider } from './support/provider.ts';
import { openSignIn, refresh, signIn, submitSignIn } from './support/sign-in.ts';

const provider = useEmbeddedProvider();
const api = useApiOn(provider);
const db = () => provider.database.database.db;
const OLD = 'Altes-Passwort-2026';
const NEW = 'Neues-Passwort-2026';

async function accountWithResetLink(lang = 'de') {
  const email = newAddress('vergessen');
  const account = await createAccount(db(), { email, password: OLD, emailVerified: true });
  const sent = await submitPage(
    provider.browser(lang),
    provider.issuer,
    '/forgot-password',
    { email },
    lang,
  );
  expect(sent.status).toBe(200);
  const [mail] = await mailsTo(db(), email);
  return { email, account, mail: mail!, link: linkTo(mail!, '/reset-password') };
}

/** Opens the reset link and posts the new password with the page's own form. */
async function setPassword(browser: TestBrowser, link: URL, password: string, repeat = password) {
  const form = await getPage(browser, link);
  return postPage(browser, provider.issuer, '/reset-password', {
    csrf: csrfOf(form.html),
    lang: link.searchParams.get('lang') ?? 'de',
    token: link.searchParams.get('token') ?? '',
    password,
    passwordRepeat: repeat,
  });
}

describe('a forgotten password', () => {
  it('is asked for with the same answer for a known and an unknown address; only the known one gets mail', async () => {
    const known = newAddress('bekannt');
    await createAccount(db(), { email: known, password: OLD, emailVerified: true });
    const unknown = newAddress('unbekannt');

    const browser = provider.browser();
    const signInPage = await openSignIn(provider, browser);
    expect(signInPage.html).toContain('<a href="/forgot-password?lang=de">Passwort vergessen?</a>');
    const form = await getPage(browser, new URL('/forgot-password?lang=de', provider.issuer));
    expect(inputAttributes(form.html, 'email')).toContain('autocomplete="email"');

    const forKnown = await submitPage(provider.browser(), provider.issuer, '/forgot-password', {
      email: known,
    });
    const forUnknown = await submitPage(provider.browser(), provider.issuer, '/forgot-password', {
      email: unknown,
    });
    expect(forKnown.status).toBe(200);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.html).toBe(forKnown.html);
    expect(forKnown.html).toContain('Falls zu dieser Adresse ein Konto besteht');

    expect(await mailsTo(db(), unknown)).toEqual([]);
    const [mail, ...others] = await mailsTo(db(), known);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ template: 'password-reset', language: 'de' });
    expect(mail?.textBody).toContain('60 Minuten');
    expect(linkTo(mail!, '/reset-password').origin).toBe(provider.issuer);
  });

  it('is reset with the link: the new password signs in, the old one not, the link is used up', async () => {
    const { email, account, link } = await accountWithResetLink();
    const [stored] = await db()
      .select()
      .from(idpSchema.idpAccountTokens)
      .where(eq(idpSchema.idpAccountTokens.accountId, account.id));
    expect(stored?.tokenHash).not.toBe(link.searchParams.get('token'));
    const minutes = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);

    const browser = provider.browser();
    const form = await getPage(browser, link);
    expect(form.status).toBe(200);
    expect(form.html).toContain('<h1>Neues Passwort vergeben</h1>');
    expect(inputAttributes(form.html, 'email')).toContain('autocomplete="username"');
    expect(inputAttributes(form.html, 'email')).toContain(`value="${email}"`);
    expect(inputAttributes(form.html, 'email')).toContain('readonly');
    expect(inputAttributes(form.html, 'password')).toContain('autocomplete="new-password"');
    expect(inputAttributes(form.html, 'password-repeat')).toContain('autocomplete="new-password"');

    const weak = await setPassword(browser, link, 'zu-kurz');
    expect(weak.status).toBe(400);
    expect(weak.html).toContain('Das Passwort muss mindestens 10 Zeichen lang sein.');
    const mismatch = await setPassword(browser, link, NEW, `${NEW}?`);
    expect(mismatch.status).toBe(400);
    expect(inputAttributes(mismatch.html, 'password-repeat')).toContain('aria-invalid="true"');
    expect(mismatch.html).not.toContain(NEW);

    const done = await setPassword(browser, link, NEW);
    expect(done.status).toBe(200);
    expect(done.html).toContain('<h1>Passwort geändert</h1>');
    expect(done.html).toContain(
      '<a class="button primary" href="http://localhost:3000/">Zum Portal</a>',
    );

    await expect(signIn(provider, email, NEW)).resolves.toBeTruthy();
    expect((await submitSignIn(provider, provider.browser(), email, OLD)).status).toBe(401);

    const reused = await getPage(browser, link);
    expect(reused.status).toBe(400);
    expect(reused.html).toContain('Dieser Link zum Zurücksetzen des Passworts ist abgelaufen');
    expect(reused.html).toContain('href="/forgot-password?lang=de"');
    const repost = await postPage(browser, provider.issuer, '/reset-password', {
      csrf: csrfOf(form.html),
      lang: 'de',
      token: link.searchParams.get('token') ?? '',
      password: OLD,
      passwordRepeat: OLD,
    });
    expect(repost.status).toBe(400);
    await expect(signIn(provider, email, NEW)).resolves.toBeTruthy();
  });

  it('is not reset with an expired link', async () => {
    const { email, account, link } = await accountWithResetLink('en');
    const browser = provider.browser('en');
    const form = await getPage(browser, link);
    await db()
      .update(idpSchema.idpAccountTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(idpSchema.idpAccountTokens.accountId, account.id));

    const expired = await getPage(browser, link);
    expect(expired.status).toBe(400);
    expect(expired.html).toContain('<html lang="en">');
    expect(expired.html).toContain('This link to reset your password has expired');
    expect(expired.html).toContain('<a class="button primary" href="/forgot-password?lang=en">');
    const posted = await postPage(browser, provider.issuer, '/reset-password', {
      csrf: csrfOf(form.html),
      lang: 'en',
      token: link.searchParams.get('token') ?? '',
      password: NEW,
      passwordRepeat: NEW,
    });
    expect(posted.status).toBe(400);
    await expect(signIn(provider, email, OLD)).resolves.toBeTruthy();
  });

  it('refuses an unknown link like an expired one', async () => {
    const unknown = new URL(
      '/reset-password?token=' + 'A'.repeat(43) + '&lang=de',
      provider.issuer,
    );
    const page = await getPage(provider.browser(), unknown);
    expect(page.status).toBe(400);
    expect(page.html).toContain('Dieser Link zum Zurücksetzen des Passworts ist abgelaufen');
  });

  it('ends the account’s sessions, grants, refresh and access tokens, and only the account’s', async () => {
    const { email, account, link } = await accountWithResetLink();
    const browser = provider.browser();
    const tokens = await signIn(provider, email, OLD, browser);
    const other = await signIn(provider, 'clara.wolf@example.com', 'Demo-Portal-2026');
    expect((await refresh(provider, tokens.refresh_token)).status).toBe(200);
    const stored = () =>
      db().$count(idpSchema.idpPayloads, eq(idpSchema.idpPayloads.accountId, account.id));
    expect(await stored()).toBeGreaterThan(0);

    expect((await setPassword(provider.browser(), link, NEW)).status).toBe(200);

    // Whoever knew the old password is out: the api refuses the session's access token too.
    await expectSessionEnded(() =>
      api.client.customer.getCustomerData({ token: tokens.access_token }),
    );
    const bystander = await api.client.customer.getCustomerData({ token: other.access_token });
    expect(bystander.statusCode).toBe(200);
    expect(await stored()).toBe(0);
    const refused = await refresh(provider, tokens.refresh_token);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
    // The browser's session is gone: the portal's next sign-in asks for the password again.
    expect((await openSignIn(provider, browser)).html).toContain('autocomplete="current-password"');
    expect((await refresh(provider, other.refresh_token)).status).toBe(200);
  });

  it('also confirms an account whose address was not confirmed yet (the link reached its mailbox)', async () => {
    const email = newAddress('unbestaetigt');
    await createAccount(db(), { email, password: OLD });
    await submitPage(provider.browser(), provider.issuer, '/forgot-password', { email });
    const [mail] = await mailsTo(db(), email);
    await setPassword(provider.browser(), linkTo(mail!, '/reset-password'), NEW);
    expect((await findAccountByEmail(db(), email))?.emailVerified).toBe(true);
    await expect(signIn(provider, email, NEW)).resolves.toBeTruthy();
  });
});
