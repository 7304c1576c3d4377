import { describe, expect, it } from 'vitest';
import { createAccount, findAccountByEmail } from '@pp/idp';
import { TestBrowser } from '@pp/testing';
import { mailOutbox } from '../../src/db/schema.ts';
import { linkTo, mailsTo, newAddress } from './support/mails.ts';
import { csrfOf, getPage, postPage, submitPage } from './support/pages.ts';
import { useEmbeddedProvider } from './support/provider.ts';
import { postConfirmation, registerWithLink } from './support/registration.ts';
import { openSignIn, submitSignIn } from './support/sign-in.ts';

const provider = useEmbeddedProvider();
const db = () => provider.database.database.db;
const PASSWORD = 'Sicheres-Passwort-2026';

/** Each form outside an interaction with valid fields (the reset form's secret is filled in later). */
const FORMS: { path: string; fields: () => Record<string, string> }[] = [
  {
    path: '/register',
    fields: () => ({ email: newAddress(), password: PASSWORD, passwordRepeat: PASSWORD }),
  },
  { path: '/register/resend', fields: () => ({ email: newAddress() }) },
  { path: '/forgot-password', fields: () => ({ email: newAddress() }) },
];

describe('the forms outside an interaction refuse a forged post', () => {
  it.each(FORMS)(
    '$path: from another origin, without the cookie, with another browser’s token',
    async ({ path, fields }) => {
      const browser = provider.browser('en');
      const page = await getPage(browser, new URL(`${path}?lang=en`, provider.issuer));
      const cookie = page.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^pp_idp_form=[\w-]{22}; Path=\/; HttpOnly; SameSite=Strict$/);
      const csrf = csrfOf(page.html);
      const outbox = await db().$count(mailOutbox);

      const url = new URL(path, provider.issuer);
      const foreign = await browser.postForm(
        url,
        { csrf, lang: 'en', ...fields() },
        'https://evil.example',
      );
      expect(foreign.status).toBe(403);
      expect(await foreign.text()).toContain('This request was refused for security reasons.');
      // A cross-site post arrives without the SameSite=Strict cookie.
      const noCookie = await postPage(provider.browser('en'), provider.issuer, path, {
        csrf,
        lang: 'en',
        ...fields(),
      });
      expect(noCookie.status).toBe(403);
      const other = provider.browser('en');
      const otherToken = csrfOf((await getPage(other, new URL(path, provider.issuer))).html);
      const swapped = await postPage(browser, provider.issuer, path, {
        csrf: otherToken,
        lang: 'en',
        ...fields(),
      });
      expect(swapped.status).toBe(403);
      for (const forged of ['', 'forged', csrf.slice(1)]) {
        const refused = await postPage(browser, provider.issuer, path, {
          csrf: forged,
          lang: 'en',
          ...fields(),
        });
        expect(refused.status).toBe(403);
      }
      expect(await db().$count(mailOutbox)).toBe(outbox);

      // The page's own post still goes through.
      const genuine = await postPage(browser, provider.issuer, path, {
        csrf,
        lang: 'en',
        ...fields(),
      });
      expect(genuine.status).toBe(200);
    },
  );

  it('/reset-password: without the cookie of the browser that opened the link', async () => {
    const email = newAddress();
    await createAccount(db(), { email, password: PASSWORD, emailVerified: true });
    await submitPage(provider.browser(), provider.issuer, '/forgot-password', { email });
    const link = linkTo((await mailsTo(db(), email))[0]!, '/reset-password');
    const browser = provider.browser();
    const form = await getPage(browser, link);
    const fields = {
      csrf: csrfOf(form.html),
      lang: 'de',
      token: link.searchParams.get('token') ?? '',
      password: 'Gestohlenes-Passwort-1',
      passwordRepeat: 'Gestohlenes-Passwort-1',
    };
    expect(
      (await postPage(provider.browser(), provider.issuer, '/reset-password', fields)).status,
    ).toBe(403);
    const url = new URL('/reset-password', provider.issuer);
    expect((await browser.postForm(url, fields, 'https://evil.example')).status).toBe(403);
    expect((await submitSignIn(provider, provider.browser(), email, PASSWORD)).code).toBeTruthy();
  });

  it('/register/verify: without the cookie of the browser that opened the link', async () => {
    const email = newAddress();
    const link = await registerWithLink(provider, email, PASSWORD);
    const browser = provider.browser();
    const page = await getPage(browser, link);
    expect(
      (await postConfirmation(provider, provider.browser(), link, page, PASSWORD)).status,
    ).toBe(403);
    const fields = {
      csrf: csrfOf(page.html),
      lang: 'de',
      token: link.searchParams.get('token') ?? '',
      password: PASSWORD,
    };
    const url = new URL('/register/verify', provider.issuer);
    expect((await browser.postForm(url, fields, 'https://evil.example')).status).toBe(403);
    expect((await findAccountByEmail(db(), email))?.emailVerified).toBe(false);
  });
});

describe('control characters in any field', () => {
  const CONTROL = ['\u0000', '\u0007', '\u001b', '\u0085', '\u2028'];

  it.each(FORMS)('$path: a 400 page, nothing stored, no mail', async ({ path, fields }) => {
    for (const character of CONTROL) {
      for (const name of ['csrf', 'lang', ...Object.keys(fields())]) {
        const browser = provider.browser('en');
        const csrf = csrfOf((await getPage(browser, new URL(path, provider.issuer))).html);
        const valid: Record<string, string> = { csrf, lang: 'en', ...fields() };
        const outbox = await db().$count(mailOutbox);
        const poisoned = { ...valid, [name]: `${valid[name] ?? ''}${character}x` };
        const page = await postPage(browser, provider.issuer, path, poisoned);
        expect(page.status, `${path} ${name} ${JSON.stringify(character)}`).toBe(400);
        expect(page.html).toContain('Your input contains characters that are not allowed.');
        expect(await db().$count(mailOutbox)).toBe(outbox);
        const email = valid['email'];
        if (email) expect(await findAccountByEmail(db(), email)).toBeUndefined();
      }
    }
  });

  it('/reset-password and the links of the mails: a 400 page', async () => {
    const browser = provider.browser('en');
    const csrf = csrfOf(
      (await getPage(browser, new URL('/forgot-password', provider.issuer))).html,
    );
    for (const character of CONTROL) {
      const posted = await postPage(browser, provider.issuer, '/reset-password', {
        csrf,
        lang: 'en',
        token: `${'A'.repeat(42)}${character}`,
        password: `${PASSWORD}${character}`,
        passwordRepeat: `${PASSWORD}${character}`,
      });
      expect(posted.status).toBe(400);
      const confirmation = await postPage(browser, provider.issuer, '/register/verify', {
        csrf,
        lang: 'en',
        token: `${'A'.repeat(42)}${character}`,
        password: `${PASSWORD}${character}`,
      });
      expect(confirmation.status).toBe(400);
      expect(confirmation.html).toContain('Your input contains characters that are not allowed.');
      for (const path of ['/reset-password', '/register/verify', '/register']) {
        const query = new URLSearchParams({ token: `x${character}`, lang: 'en' });
        const page = await getPage(browser, new URL(`${path}?${query}`, provider.issuer));
        expect(page.status).toBe(400);
      }
    }
  });

  // Finding 4 of the security review: a NUL byte in the sign-in form's e-mail failed a query.
  it('the sign-in form: a 400 page before anything is looked up or counted', async () => {
    const poisoned = [
      ['clara.wolf@example.com\u0000', 'Demo-Portal-2026'],
      ['\u0000', 'Demo-Portal-2026'],
      ['clara\u0007wolf@example.com', 'Demo-Portal-2026'],
      ['clara.wolf@example.com', 'Demo\u0000'],
      ['clara.wolf@example.com\u2028', 'Demo-Portal-2026'],
    ];
    for (const [email = '', password = ''] of poisoned) {
      const result = await submitSignIn(provider, provider.browser(), email, password);
      expect(result.status, JSON.stringify(email + password)).toBe(400);
      expect(result.html).toContain('Ihre Eingabe enthält unzulässige Zeichen.');
    }
    const browser = provider.browser();
    const page = await openSignIn(provider, browser);
    const abort = new URL(page.action.pathname.replace(/\/login$/, '/abort'), page.action);
    for (const [url, fields] of [
      [page.action, { csrf: `${page.csrf}\u0000`, email: 'clara.wolf@example.com', password: 'x' }],
      [abort, { csrf: `${page.csrf}\u001b` }],
    ] as const) {
      expect((await browser.postForm(url, fields, provider.issuer)).status).toBe(400);
    }
    // The refused posts counted no failure: the right password still signs in at once.
    const signedIn = await submitSignIn(
      provider,
      browser,
      'clara.wolf@example.com',
      'Demo-Portal-2026',
    );
    expect(signedIn.code).toBeTruthy();
  });
});

describe('other requests to the account pages', () => {
  it('answer other methods with 405 and Allow', async () => {
    for (const [path, allow] of [
      ['/register', 'GET, POST'],
      ['/register/verify', 'GET, POST'],
      ['/forgot-password', 'GET, POST'],
      ['/reset-password', 'GET, POST'],
    ] as const) {
      const response = await new TestBrowser().request(new URL(path, provider.issuer), {
        method: 'PUT',
      });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
    }
  });

  it('refuse a body that is not a small form', async () => {
    const browser = provider.browser('en');
    const csrf = csrfOf((await getPage(browser, new URL('/register', provider.issuer))).html);
    const url = new URL('/register', provider.issuer);
    const json = await browser.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: provider.issuer },
      body: JSON.stringify({ csrf }),
    });
    expect(json.status).toBe(415);
    const large = await browser.postForm(
      url,
      { csrf, email: 'x'.repeat(17 * 1024) },
      provider.issuer,
    );
    expect(large.status).toBe(413);
  });
});
