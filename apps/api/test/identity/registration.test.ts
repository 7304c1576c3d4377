import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccount, findAccountByEmail, idpSchema } from '@pp/idp';
import { inputAttributes } from '@pp/testing';
import { linkTo, mailsTo, newAddress } from './support/mails.ts';
import { csrfOf, getPage, postPage, submitPage } from './support/pages.ts';
import { useEmbeddedProvider } from './support/provider.ts';
import { confirmAddress } from './support/registration.ts';
import { openSignIn, signIn, submitSignIn } from './support/sign-in.ts';

const provider = useEmbeddedProvider();
const PASSWORD = 'Sicheres-Passwort-2026';
const PORTAL = 'http://localhost:3000/';

const db = () => provider.database.database.db;

function register(email: string, password = PASSWORD, repeat = password, lang = 'de') {
  const browser = provider.browser(lang);
  const fields = { email, password, passwordRepeat: repeat };
  return submitPage(browser, provider.issuer, '/register', fields, lang);
}

async function tokensOf(accountId: string) {
  return db()
    .select()
    .from(idpSchema.idpAccountTokens)
    .where(eq(idpSchema.idpAccountTokens.accountId, accountId));
}

describe('registration of a new address', () => {
  it('from the sign-in page: the mail’s link confirms the account, which then signs in', async () => {
    const browser = provider.browser('de');
    const signInPage = await openSignIn(provider, browser);
    const href = /<a href="([^"]+)">Registrieren<\/a>/.exec(signInPage.html)?.[1] ?? '';
    expect(href).toBe('/register?lang=de');
    const form = await getPage(browser, new URL(href, provider.issuer));
    expect(form.status).toBe(200);
    expect(inputAttributes(form.html, 'email')).toContain('autocomplete="email"');
    expect(inputAttributes(form.html, 'password')).toContain('autocomplete="new-password"');
    expect(inputAttributes(form.html, 'password-repeat')).toContain('autocomplete="new-password"');
    expect(form.html).toContain('Mindestens 10 Zeichen.');
    expect(form.html).toContain('<a href="https://example.com/impressum">Impressum</a>');

    const email = newAddress();
    const fields = { csrf: csrfOf(form.html), lang: 'de', email, password: PASSWORD };
    const sent = await postPage(browser, provider.issuer, '/register', {
      ...fields,
      passwordRepeat: PASSWORD,
    });
    expect(sent.status).toBe(200);
    expect(sent.html).toContain('<h1>Bitte prüfen Sie Ihr Postfach</h1>');

    const account = await findAccountByEmail(db(), email);
    expect(account).toMatchObject({ emailVerified: false, locale: 'de' });
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    const [mail, ...others] = await mailsTo(db(), email);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ template: 'account-verification', language: 'de' });
    const link = linkTo(mail!, '/register/verify');
    expect(link.origin).toBe(provider.issuer);
    const secret = link.searchParams.get('token') ?? '';
    expect(mail?.textBody).toContain('24 Stunden');

    // Only the hash of the link's secret is stored, valid for 24 hours.
    const [token] = await tokensOf(account!.id);
    expect(token?.tokenHash).toBe(createHash('sha256').update(secret).digest('base64url'));
    expect(token?.purpose).toBe('verify-email');
    const hours = ((token?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    // Opened in another browser, the link changes nothing: the registration's password confirms
    // the account (in the registering browser it confirms at once: confirm-in-place.test.ts).
    const elsewhere = provider.browser('de');
    expect((await getPage(elsewhere, link)).status).toBe(200);
    expect((await findAccountByEmail(db(), email))?.emailVerified).toBe(false);

    const confirmed = await confirmAddress(provider, elsewhere, link, PASSWORD);
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain('<h1>E-Mail-Adresse bestätigt</h1>');
    expect(confirmed.html).toContain(`<a class="button primary" href="${PORTAL}">Zum Portal</a>`);
    expect((await findAccountByEmail(db(), email))?.emailVerified).toBe(true);

    // The portal starts a new sign-in (the first interaction is not resumed).
    const tokens = await signIn(provider, email, PASSWORD);
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ sub: account?.id, email, email_verified: true });

    // The link is used up.
    const again = await getPage(browser, link);
    expect(again.status).toBe(400);
    expect(again.html).toContain('<h1>Link nicht mehr gültig</h1>');
    expect(again.html).toContain('href="/register/resend?lang=de"');
  });

  it('speaks English and writes the mail in the page’s language', async () => {
    const email = newAddress();
    const sent = await register(email, PASSWORD, PASSWORD, 'en');
    expect(sent.html).toContain('<html lang="en">');
    expect(sent.html).toContain('<h1>Please check your inbox</h1>');
    const [mail] = await mailsTo(db(), email);
    expect(mail).toMatchObject({ template: 'account-verification', language: 'en' });
    expect((await findAccountByEmail(db(), email))?.locale).toBe('en');
    const link = linkTo(mail!, '/register/verify');
    const confirmed = await confirmAddress(provider, provider.browser('de'), link, PASSWORD);
    expect(confirmed.html).toContain('<h1>E-mail address confirmed</h1>');
  });
});

describe('registration of an address that has an account', () => {
  it('answers byte for byte as for a new address, sends account-exists and changes nothing', async () => {
    const existing = newAddress('vorhanden');
    await createAccount(db(), {
      email: existing,
      password: 'Altes-Passwort-1',
      emailVerified: true,
    });
    const before = await findAccountByEmail(db(), existing);

    const fresh = await register(newAddress());
    const taken = await register(existing);
    expect(taken.status).toBe(fresh.status);
    expect(taken.html).toBe(fresh.html);
    // The registering browser's cookie (decision 0058) has the same shape, random either way.
    const shape = (page: typeof fresh) =>
      page.headers.get('set-cookie')?.replace(/=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43};/, '=…;');
    expect(shape(taken)).toBe(shape(fresh));
    expect(shape(taken)).toContain('pp_idp_registration=…; Path=/; Max-Age=86400; HttpOnly');

    expect(await findAccountByEmail(db(), existing)).toEqual(before);
    expect(await tokensOf(before!.id)).toEqual([]);
    const [mail, ...others] = await mailsTo(db(), existing);
    expect(others).toEqual([]);
    expect(mail?.template).toBe('account-exists');
    expect(mail?.links).toEqual([PORTAL, `${provider.issuer}/forgot-password?lang=de`]);
    // The old password still signs in; the new one typed at the registration does not.
    await expect(signIn(provider, existing, 'Altes-Passwort-1')).resolves.toBeTruthy();
    expect((await submitSignIn(provider, provider.browser(), existing, PASSWORD)).status).toBe(401);
  });
});

describe('signing in before the address is confirmed', () => {
  it('is refused with the reason and a button for a new link, which sends one', async () => {
    const email = newAddress();
    await register(email);
    const browser = provider.browser('de');
    const refused = await submitSignIn(provider, browser, email, PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.code).toBeUndefined();
    expect(refused.html).toContain('Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.');
    expect(refused.html).toContain('<form method="post" action="/register/resend" class="more">');
    expect(browser.cookieNames()).not.toContain('pp_idp_session');

    // The button posts the address with the account pages' own form token.
    const resendToken =
      /action="\/register\/resend"[^>]*><input type="hidden" name="csrf" value="([^"]+)"/.exec(
        refused.html,
      )?.[1];
    const resent = await postPage(browser, provider.issuer, '/register/resend', {
      csrf: resendToken ?? '',
      lang: 'de',
      email,
    });
    expect(resent.status).toBe(200);
    expect(resent.html).toContain('noch nicht bestätigtes Konto');
    const mails = await mailsTo(db(), email);
    expect(mails.map((mail) => mail.template)).toEqual([
      'account-verification',
      'account-verification',
    ]);
    await confirmAddress(provider, browser, linkTo(mails[1]!, '/register/verify'), PASSWORD);
    await expect(signIn(provider, email, PASSWORD)).resolves.toBeTruthy();
  });

  it('a new link is asked for with the same answer for any address, and sent only to an unconfirmed one', async () => {
    const confirmed = newAddress('bestaetigt');
    await createAccount(db(), { email: confirmed, password: PASSWORD, emailVerified: true });
    const unknown = newAddress('unbekannt');
    const unconfirmed = newAddress('offen');
    await createAccount(db(), { email: unconfirmed, password: PASSWORD });

    const answers = [];
    for (const email of [confirmed, unknown, unconfirmed]) {
      answers.push(
        await submitPage(provider.browser(), provider.issuer, '/register/resend', { email }),
      );
    }
    expect(new Set(answers.map((page) => `${page.status} ${page.html}`)).size).toBe(1);
    expect(await mailsTo(db(), confirmed)).toEqual([]);
    expect(await mailsTo(db(), unknown)).toEqual([]);
    expect((await mailsTo(db(), unconfirmed)).map((mail) => mail.template)).toEqual([
      'account-verification',
    ]);
  });
});
