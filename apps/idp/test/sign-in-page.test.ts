import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { inputAttributes, normalizeHtml, TestBrowser } from '@pp/testing';
import { STYLESHEET_PATH } from '../src/pages/assets.ts';
import { openSignIn, submitCredentials } from './support/oauth.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, WEB_ORIGIN, useIdp } from './support/provider.ts';

const idp = useIdp();

const attributesOf = inputAttributes;

describe('the sign-in page', () => {
  it('is an accessible German page with labelled, autocompletable fields and only the passkey scripts', async () => {
    const form = await openSignIn(new TestBrowser('de-DE,de;q=0.9'), idp.running.issuer);
    expect(form.status).toBe(200);
    const { html } = form;
    expect(html).toMatch(/^<!doctype html><html lang="de">/);
    expect(html).toContain('<title>Anmelden – Praxisportal</title>');
    expect(html).toContain('<h1>Anmelden</h1>');
    expect(html).toContain('<main id="main"');
    expect(html).toContain('<label for="email">E-Mail-Adresse</label>');
    expect(html).toContain('<label for="password">Passwort</label>');
    expect(attributesOf(html, 'email')).toContain('autocomplete="username"');
    expect(attributesOf(html, 'email')).toContain('type="email"');
    expect(attributesOf(html, 'password')).toContain('autocomplete="current-password"');
    expect(attributesOf(html, 'password')).toContain('type="password"');
    // No inline script: only the passkey button's two same-origin files (decision 0071), and the
    // button's block stays hidden without them.
    const scripts = [...html.matchAll(/<script[^>]*>/gi)].map((m) => m[0]);
    expect(scripts).toEqual([
      expect.stringMatching(
        /^<script src="\/assets\/simplewebauthn-browser-[0-9a-f]{12}\.js" defer>$/,
      ),
      expect.stringMatching(/^<script src="\/assets\/idp-passkeys-[0-9a-f]{12}\.js" defer>$/),
    ]);
    expect(html).toContain('data-passkey-block hidden');
    expect(html).not.toMatch(/ on[a-z]+=/i);
    // Nothing from elsewhere but the operator's pages and the portal's statement (decision 0080).
    expect(html.replaceAll(`${WEB_ORIGIN}/accessibility?lang=de`, '')).not.toMatch(
      /https?:\/\/(?!example\.com)/,
    );
    expect(html).toContain('<a href="https://example.com/impressum">Impressum</a>');
    expect(html).toContain('<a href="https://example.com/datenschutz">Datenschutz</a>');
    // The portal's accessibility statement (decision 0080), on the portal's origin.
    expect(html).toContain(`<a href="${WEB_ORIGIN}/accessibility?lang=de">Barrierefreiheit</a>`);
  });

  it('is sent with a strict Content-Security-Policy and carries the stylesheet the provider serves', async () => {
    const browser = new TestBrowser();
    const form = await openSignIn(browser, idp.running.issuer);
    const page = await browser.get(form.url);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`form-action 'self' ${WEB_ORIGIN}`);
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');

    // The stylesheet is in the page (no request before the first paint, decision 0087), allowed
    // by its hash alone, and the same rules as the file the portal's newsletter pages link.
    // (The page as it came, not `form.html`, whose whitespace is collapsed.)
    const raw = await page.text();
    expect(raw).not.toContain('<link rel="stylesheet"');
    const styles = /<style>([\s\S]*?)<\/style>/.exec(raw)?.[1] ?? '';
    expect(styles).toContain(':focus-visible');
    expect(styles).not.toMatch(/@import|url\(/);
    const hash = createHash('sha256').update(styles).digest('base64');
    expect(csp).toContain(`style-src 'self' 'sha256-${hash}'`);
    const css = await fetch(new URL(STYLESHEET_PATH, idp.running.issuer));
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    const file = await css.text();
    for (const rule of styles.split('\n').filter((line) => line.endsWith('{'))) {
      expect(file).toContain(rule);
    }
  });

  it('speaks English when the portal asks with ui_locales, before the browser language', async () => {
    const form = await openSignIn(new TestBrowser('de-DE'), idp.running.issuer, {
      ui_locales: 'en',
    });
    expect(form.html).toContain('<html lang="en">');
    expect(form.html).toContain('<h1>Sign in</h1>');
    expect(form.html).toContain('<label for="email">E-mail address</label>');
    expect(form.html).toContain('>Imprint</a>');
  });

  it('follows Accept-Language without ui_locales, and falls back to German', async () => {
    const english = await openSignIn(
      new TestBrowser('fr-FR, en;q=0.8, de;q=0.5'),
      idp.running.issuer,
    );
    expect(english.html).toContain('<html lang="en">');
    const fallback = await openSignIn(new TestBrowser('fr-FR'), idp.running.issuer);
    expect(fallback.html).toContain('<html lang="de">');
  });

  it('shows a translated error tied to the fields for a wrong password, and does not sign in', async () => {
    for (const [language, message] of [
      ['de', 'Die E-Mail-Adresse oder das Passwort ist nicht richtig.'],
      ['en', 'The e-mail address or the password is not correct.'],
    ] as const) {
      const browser = new TestBrowser(language);
      const form = await openSignIn(browser, idp.running.issuer);
      const { response, callback } = await submitCredentials(
        browser,
        idp.running.issuer,
        form,
        DEMO_EMAIL,
        'wrong-password',
      );
      expect(response.status).toBe(401);
      expect(callback).toBeUndefined();
      const html = normalizeHtml(await response.text());
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).toMatch(
        new RegExp(`<div class="alert" id="sign-in-error" role="alert"><p>${message}`),
      );
      for (const field of ['email', 'password']) {
        expect(attributesOf(html, field)).toContain('aria-describedby="sign-in-error"');
        expect(attributesOf(html, field)).toContain('aria-invalid="true"');
      }
      expect(attributesOf(html, 'email')).toContain(`value="${DEMO_EMAIL}"`);
      expect(attributesOf(html, 'password')).toContain('autofocus');
      expect(html).not.toContain('wrong-password');
      expect(browser.cookieNames()).not.toContain('pp_idp_session');
    }
  });

  it('links to the forgotten-password and registration pages in its language', async () => {
    for (const [language, forgot, noAccount, register] of [
      ['de', 'Passwort vergessen?', 'Noch kein Konto?', 'Registrieren'],
      ['en', 'Forgot password?', 'No account yet?', 'Register'],
    ] as const) {
      const form = await openSignIn(new TestBrowser('de'), idp.running.issuer, {
        ui_locales: language,
      });
      expect(form.html).toContain(`<a href="/forgot-password?lang=${language}">${forgot}</a>`);
      expect(form.html).toContain(
        `<p>${noAccount}<a href="/register?lang=${language}">${register}</a></p>`,
      );
    }
  });

  it('asks for both fields when one is empty', async () => {
    const browser = new TestBrowser('en');
    const form = await openSignIn(browser, idp.running.issuer);
    const { response } = await submitCredentials(browser, idp.running.issuer, form, DEMO_EMAIL, '');
    expect(response.status).toBe(400);
    expect(normalizeHtml(await response.text())).toContain(
      'Please enter your e-mail address and your password.',
    );
  });

  it('escapes what it echoes back', async () => {
    const browser = new TestBrowser('en');
    const form = await openSignIn(browser, idp.running.issuer, {
      login_hint: '"><script>x</script>',
    });
    expect(form.html).not.toContain('<script>');
    expect(form.html).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
  });

  it('refuses a post from another origin, without the CSRF token, or without the interaction cookie', async () => {
    const browser = new TestBrowser('en');
    const form = await openSignIn(browser, idp.running.issuer);
    const fields = { csrf: form.csrf, email: DEMO_EMAIL, password: DEMO_PASSWORD };

    const foreign = await browser.postForm(form.action, fields, 'https://evil.example');
    expect(foreign.status).toBe(403);
    const noToken = await browser.postForm(
      form.action,
      { ...fields, csrf: 'forged' },
      idp.running.issuer,
    );
    expect(noToken.status).toBe(403);
    const noCookie = await new TestBrowser('en').postForm(form.action, fields, idp.running.issuer);
    expect(noCookie.status).toBe(400);
    expect(await noCookie.text()).toContain('Your sign-in session has expired');

    // The genuine post still works afterwards.
    const { callback } = await submitCredentials(
      browser,
      idp.running.issuer,
      form,
      DEMO_EMAIL,
      DEMO_PASSWORD,
    );
    expect(callback?.searchParams.get('code')).toBeTruthy();
  });

  it('returns access_denied to the portal when the user cancels', async () => {
    const browser = new TestBrowser();
    const form = await openSignIn(browser, idp.running.issuer);
    const abort = new URL(form.action.pathname.replace(/\/login$/, '/abort'), idp.running.issuer);
    const response = await browser.postForm(abort, { csrf: form.csrf }, idp.running.issuer);
    expect(response.status).toBe(303);
    const { url } = await browser.follow(
      new URL(response.headers.get('location') ?? '', idp.running.issuer),
      idp.running.issuer,
    );
    expect(url.origin).toBe(WEB_ORIGIN);
    expect(url.searchParams.get('error')).toBe('access_denied');
  });
});
