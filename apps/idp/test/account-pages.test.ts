import { describe, expect, it } from 'vitest';
import { inputAttributes, normalizeHtml, TestBrowser } from '@pp/testing';
import { useIdp, WEB_ORIGIN } from './support/provider.ts';

// The pages outside an interaction as they are first shown; what their forms do (they send mail)
// is tested in the api, which delivers the provider's mails (apps/api/test/identity).
const idp = useIdp();

async function open(path: string, language = 'de') {
  const response = await new TestBrowser(language).get(new URL(path, idp.running.issuer));
  return { response, html: normalizeHtml(await response.text()) };
}

describe('the account pages', () => {
  it('ask for an address and a new password, labelled, autocompletable, in German', async () => {
    const { response, html } = await open('/register');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).toMatch(/^<!doctype html><html lang="de">/);
    expect(html).toContain('<h1>Registrieren</h1>');
    expect(html).toContain('<label for="email">E-Mail-Adresse</label>');
    expect(html).toContain('<label for="password">Passwort</label>');
    expect(html).toContain('<label for="password-repeat">Passwort wiederholen</label>');
    expect(inputAttributes(html, 'email')).toContain('autocomplete="email"');
    expect(inputAttributes(html, 'password')).toContain('autocomplete="new-password"');
    expect(inputAttributes(html, 'password')).toContain('aria-describedby="password-hint"');
    expect(html).toContain(
      '<p class="hint" id="password-hint">Mindestens 10 Zeichen. Verwenden Sie nicht Ihre E-Mail-Adresse als Passwort.</p>',
    );
    expect(inputAttributes(html, 'password-repeat')).toContain('autocomplete="new-password"');
    expect(html).toContain(`<a href="${WEB_ORIGIN}/">Zur Anmeldung</a>`);
    expect(html).toContain('<a href="https://example.com/impressum">Impressum</a>');
    expect(html).not.toMatch(/<script/i);
  });

  it('keep the language of their link, else the browser’s', async () => {
    expect((await open('/register?lang=en', 'de')).html).toContain('<h1>Register</h1>');
    expect((await open('/forgot-password', 'en')).html).toContain('<h1>Forgot password</h1>');
    const resend = await open('/register/resend?lang=de', 'en');
    expect(resend.html).toContain('<h1>Neuen Bestätigungslink anfordern</h1>');
    expect(resend.html).toContain('<input type="hidden" name="lang" value="de"/>');
  });

  it('set the form cookie once, strict and out of reach of scripts', async () => {
    const browser = new TestBrowser();
    const first = await browser.get(new URL('/forgot-password', idp.running.issuer));
    expect(first.headers.get('set-cookie')).toMatch(
      /^pp_idp_form=[\w-]{22}; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    const token = /name="csrf" value="([^"]+)"/.exec(await first.text())?.[1];
    const second = await browser.get(new URL('/register', idp.running.issuer));
    expect(second.headers.get('set-cookie')).toBeNull();
    expect(/name="csrf" value="([^"]+)"/.exec(await second.text())?.[1]).toBe(token);
  });

  it('answer a link that is not one of ours with the page that offers a new one', async () => {
    for (const [path, offer] of [
      ['/reset-password?token=abc&lang=en', '/forgot-password?lang=en'],
      ['/register/verify?lang=en', '/register/resend?lang=en'],
    ] as const) {
      const { response, html } = await open(path, 'de');
      expect(response.status).toBe(400);
      expect(html).toContain('<h1>Link no longer valid</h1>');
      expect(html).toContain(`<a class="button primary" href="${offer}">`);
    }
  });
});
