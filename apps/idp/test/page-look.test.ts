import { describe, expect, it } from 'vitest';
import { normalizeHtml, TestBrowser } from '@pp/testing';
import { openSignIn } from './support/oauth.ts';
import { DEMO_EMAIL, useIdp } from './support/provider.ts';

const idp = useIdp();

const themeOf = (html: string) =>
  /^<!doctype html><html lang="\w+"(?: data-theme="(\w+)")?>/.exec(html)?.[1];

async function pageHtml(browser: TestBrowser, path: string) {
  const response = await browser.get(new URL(path, idp.running.issuer));
  return normalizeHtml(await response.text());
}

/** Posts the sign-in form to the language switch, as its button does. */
function switchLanguage(browser: TestBrowser, form: { action: URL; csrf: string }, fields: object) {
  const action = new URL(form.action.pathname.replace(/\/login$/, '/language'), form.action);
  return browser.postForm(action, { csrf: form.csrf, ...fields }, idp.running.issuer);
}

describe("the portal's theme (pp_theme)", () => {
  it('colours the sign-in page and is remembered for the pages outside the interaction', async () => {
    const browser = new TestBrowser();
    const form = await openSignIn(browser, idp.running.issuer, { pp_theme: 'dark' });
    expect(themeOf(form.html)).toBe('dark');
    expect(browser.cookieNames()).toContain('pp_idp_theme');
    expect(themeOf(await pageHtml(browser, '/register?lang=de'))).toBe('dark');
    expect(themeOf(await pageHtml(browser, '/forgot-password?lang=en'))).toBe('dark');
    expect(themeOf(await pageHtml(browser, '/reset-password?token=unknown&lang=de'))).toBe('dark');
  });

  it('changes with the next choice', async () => {
    const browser = new TestBrowser();
    await openSignIn(browser, idp.running.issuer, { pp_theme: 'dark' });
    const form = await openSignIn(browser, idp.running.issuer, { pp_theme: 'light' });
    expect(themeOf(form.html)).toBe('light');
    expect(themeOf(await pageHtml(browser, '/register'))).toBe('light');
  });

  it.each([['purple'], ['dark light'], ['']])(
    'is no choice when unknown (%j): the page follows the system, nothing is refused',
    async (value) => {
      const browser = new TestBrowser();
      const form = await openSignIn(browser, idp.running.issuer, { pp_theme: value });
      expect(form.status).toBe(200);
      expect(themeOf(form.html)).toBeUndefined();
      expect(browser.cookieNames()).not.toContain('pp_idp_theme');
    },
  );
});

describe('the signed-out notice (pp_notice)', () => {
  it.each([
    ['signed-out', 'de', 'Sie wurden abgemeldet.'],
    ['idle', 'de', 'Sie wurden wegen Inaktivität abgemeldet.'],
    ['signed-out', 'en', 'You have been signed out.'],
    ['idle', 'en', 'You have been signed out due to inactivity.'],
    [
      'account-deleted',
      'de',
      'Ihr Konto wurde gelöscht und Sie wurden überall abgemeldet. Eine Bestätigung haben wir an Ihre E-Mail-Adresse gesendet.',
    ],
    [
      'account-deleted',
      'en',
      'Your account has been deleted and you have been signed out everywhere. We sent a confirmation to your e-mail address.',
    ],
    ['ended-elsewhere', 'de', 'Sie wurden an einem anderen Gerät abgemeldet.'],
    ['ended-elsewhere', 'en', 'You were signed out on another device.'],
  ])('%s in %s is a status above the form', async (notice, locale, text) => {
    const form = await openSignIn(new TestBrowser(), idp.running.issuer, {
      pp_notice: notice,
      ui_locales: locale,
    });
    expect(form.html).toContain(`<div class="notice" role="status"><p>${text}</p></div>`);
    expect(form.html.indexOf('role="status"')).toBeLessThan(form.html.indexOf('<form'));
  });

  it.each([['logout'], ['<script>'], ['']])('shows nothing for %j', async (notice) => {
    const form = await openSignIn(new TestBrowser(), idp.running.issuer, { pp_notice: notice });
    expect(form.status).toBe(200);
    expect(form.html).not.toContain('role="status"');
  });
});

describe("the pages' language switch", () => {
  it('is a button of the sign-in form, which keeps the address, never the password', async () => {
    const browser = new TestBrowser();
    const form = await openSignIn(browser, idp.running.issuer, {
      ui_locales: 'de',
      pp_notice: 'idle',
    });
    const uid = /\/interaction\/([^/]+)\/login/.exec(form.action.pathname)?.[1] ?? '';
    expect(form.html).toContain(
      `<nav class="language" aria-label="Sprache"><button type="submit" class="link-button" form="sign-in" formaction="/interaction/${uid}/language" formnovalidate name="lang" value="en" lang="en">English</button></nav>`,
    );

    const answer = await switchLanguage(browser, form, {
      email: DEMO_EMAIL,
      password: 'typed-secret',
      lang: 'en',
    });
    expect(answer.status).toBe(200);
    const html = normalizeHtml(await answer.text());
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain(`value="${DEMO_EMAIL}"`);
    expect(html).not.toContain('typed-secret');
    expect(html).toContain('You have been signed out due to inactivity.');
    expect(html).toContain('value="de" lang="de">Deutsch</button>');

    // The choice holds for this interaction, before the portal's ui_locales.
    const again = await browser.get(form.url);
    expect(normalizeHtml(await again.text())).toMatch(/^<!doctype html><html lang="en">/);
    // A new interaction follows the portal's language again.
    const next = await openSignIn(browser, idp.running.issuer, { ui_locales: 'de' });
    expect(next.html).toMatch(/^<!doctype html><html lang="de">/);
  });

  it('is refused without the form token', async () => {
    const browser = new TestBrowser();
    const form = await openSignIn(browser, idp.running.issuer);
    const answer = await switchLanguage(browser, { ...form, csrf: 'forged' }, { lang: 'en' });
    expect(answer.status).toBe(403);
  });

  it('keeps the language for an unknown choice', async () => {
    const browser = new TestBrowser();
    const form = await openSignIn(browser, idp.running.issuer, { ui_locales: 'en' });
    const answer = await switchLanguage(browser, form, { lang: 'fr', email: '' });
    expect(normalizeHtml(await answer.text())).toMatch(/^<!doctype html><html lang="en">/);
  });

  it('is a link to the same page elsewhere, keeping its query', async () => {
    const browser = new TestBrowser();
    expect(await pageHtml(browser, '/register?lang=de')).toContain(
      '<nav class="language" aria-label="Sprache"><a href="/register?lang=en" lang="en" hreflang="en">English</a></nav>',
    );
    expect(await pageHtml(browser, '/reset-password?token=abc&lang=en')).toContain(
      '<a href="/reset-password?token=abc&amp;lang=de" lang="de" hreflang="de">Deutsch</a>',
    );
  });

  it("is on oidc-provider's own pages too, which keep the theme", async () => {
    const browser = new TestBrowser();
    await openSignIn(browser, idp.running.issuer, { pp_theme: 'dark' });
    const html = await pageHtml(browser, '/auth?client_id=nobody&response_type=code');
    expect(html).toMatch(/^<!doctype html><html lang="de" data-theme="dark">/);
    const href = /<nav class="language" aria-label="Sprache"><a href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBe('/auth?client_id=nobody&amp;response_type=code&amp;lang=en');
    const english = await pageHtml(browser, (href ?? '').replaceAll('&amp;', '&'));
    expect(english).toMatch(/^<!doctype html><html lang="en" data-theme="dark">/);
  });
});
