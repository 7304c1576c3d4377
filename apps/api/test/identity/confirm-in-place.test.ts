import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { findAccountByEmail, idpSchema } from '@pp/idp';
import type { TestBrowser } from '@pp/testing';
import { linkTo, mailsTo, newAddress } from './support/mails.ts';
import { csrfOf, getPage, postPage } from './support/pages.ts';
import { useEmbeddedProvider } from './support/provider.ts';
import { confirmAddress } from './support/registration.ts';
import { authorize, openSignIn, redeemCode } from './support/sign-in.ts';

// Issue 22, points 1 and 12 (decision 0058): the registration returns to where it started, and
// the browser that proved the password is not asked for it again.
const provider = useEmbeddedProvider();
const PASSWORD = 'Sicheres-Passwort-2026';
const PORTAL = 'http://localhost:3000/';
const INVITATION = '/my-practice?invitation=abc_DEF-123';

const db = () => provider.database.database.db;

/** Registers from the sign-in page of a request that names `pp_return`; answers the mail's link. */
async function registerFrom(browser: TestBrowser, email: string, returnTo: string) {
  const signInPage = await openSignIn(provider, browser, { pp_return: returnTo });
  const href = /<a href="([^"]+)">Registrieren<\/a>/.exec(signInPage.html)?.[1] ?? '';
  const form = await getPage(browser, new URL(href.replaceAll('&amp;', '&'), provider.issuer));
  const returned = /name="return" value="([^"]*)"/.exec(form.html)?.[1];
  const sent = await postPage(browser, provider.issuer, '/register', {
    csrf: csrfOf(form.html),
    lang: 'de',
    email,
    password: PASSWORD,
    passwordRepeat: PASSWORD,
    ...(returned === undefined ? {} : { return: returned.replaceAll('&amp;', '&') }),
  });
  expect(sent.status).toBe(200);
  const [mail] = await mailsTo(db(), email);
  return { href, sent, link: linkTo(mail!, '/register/verify') };
}

/** The portal's next sign-in in `browser`: back at the portal with a code, or a sign-in page. */
async function nextSignIn(browser: TestBrowser) {
  const { url, verifier } = await authorize(provider, browser);
  const code = url.origin === new URL(PORTAL).origin ? url.searchParams.get('code') : null;
  return code ? decodeJwt((await redeemCode(provider, code, verifier)).access_token) : undefined;
}

async function ticketsOf(accountId: string) {
  const { idpPayloads } = idpSchema;
  return db()
    .select({ consumedAt: idpPayloads.consumedAt })
    .from(idpPayloads)
    .where(and(eq(idpPayloads.model, 'SignInTicket'), eq(idpPayloads.accountId, accountId)));
}

describe('confirming in the browser that registered', () => {
  it('confirms without the password, returns to the invitation and signs in once without it', async () => {
    const browser = provider.browser('de');
    const email = newAddress('einladung');
    const { href, sent, link } = await registerFrom(browser, email, INVITATION);
    expect(href).toBe('/register?lang=de&amp;return=%2Fmy-practice%3Finvitation%3Dabc_DEF-123');
    expect(sent.html).toContain(`href="${PORTAL}my-practice?invitation=abc_DEF-123"`);
    expect(link.searchParams.get('return')).toBe(INVITATION);
    expect(await nextSignIn(browser)).toBeUndefined();

    const confirmed = await getPage(browser, link);
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain('<h1>E-Mail-Adresse bestätigt</h1>');
    expect(confirmed.html).not.toContain('type="password"');
    expect(confirmed.html).toContain(
      `<a class="button primary" href="${PORTAL}my-practice?invitation=abc_DEF-123">Zum Portal</a>`,
    );
    const account = await findAccountByEmail(db(), email);
    expect(account?.emailVerified).toBe(true);

    // "Zum Portal": the portal's sign-in comes straight back with a code for the account.
    expect(await nextSignIn(browser)).toMatchObject({ sub: account?.id, email });
    expect(browser.cookieNames()).not.toContain('pp_idp_ticket');
    expect(await ticketsOf(account!.id)).toEqual([{ consumedAt: expect.any(Date) }]);
  });

  it('a link checker’s HEAD confirms nothing, even with the cookie', async () => {
    const browser = provider.browser('de');
    const email = newAddress();
    const { link } = await registerFrom(browser, email, '/');
    const head = await browser.request(link, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect((await findAccountByEmail(db(), email))?.emailVerified).toBe(false);
  });
});

describe('confirming in another browser', () => {
  it('asks for the password; after it, that browser signs in without it, the other one not', async () => {
    const registering = provider.browser('de');
    const email = newAddress();
    const { link } = await registerFrom(registering, email, INVITATION);

    const elsewhere = provider.browser('de');
    const page = await getPage(elsewhere, link);
    expect(page.html).toContain('autocomplete="current-password"');
    expect(page.html).toContain('name="return" value="/my-practice?invitation=abc_DEF-123"');
    expect((await findAccountByEmail(db(), email))?.emailVerified).toBe(false);
    expect(await nextSignIn(elsewhere)).toBeUndefined();

    const confirmed = await confirmAddress(provider, elsewhere, link, PASSWORD);
    expect(confirmed.html).toContain(`href="${PORTAL}my-practice?invitation=abc_DEF-123"`);
    const account = await findAccountByEmail(db(), email);
    expect(await nextSignIn(elsewhere)).toMatchObject({ sub: account?.id });
    // The registering browser holds no ticket: it signs in as usual.
    expect(await nextSignIn(registering)).toBeUndefined();
  });
});

describe('the return path', () => {
  it.each([
    ['another host', '//evil.example/x'],
    ['a backslash', '/\\evil.example/x'],
    ['another origin', 'https://evil.example/'],
    ['a script', 'javascript:alert(1)'],
    ['too long', `/evil.example/${'a'.repeat(1100)}`],
  ])('%s is no portal path: every link goes to the portal itself', async (_, hostile) => {
    const browser = provider.browser('de');
    const email = newAddress();
    const { href, sent, link } = await registerFrom(browser, email, hostile);
    expect(href).toBe('/register?lang=de');
    expect(sent.html).not.toContain('evil.example');
    expect(link.searchParams.has('return')).toBe(false);

    const tampered = new URL(link);
    tampered.searchParams.set('return', hostile);
    const confirmed = await getPage(browser, tampered);
    expect(confirmed.html).toContain(`<a class="button primary" href="${PORTAL}">Zum Portal</a>`);
  });
});
