import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '@pp/testing';
import { INLINE_STYLES, STYLESHEET_PATH } from '../src/pages/assets.ts';
import { openSignIn } from './support/oauth.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, WEB_ORIGIN, useIdp } from './support/provider.ts';

const idp = useIdp();

const POLICY = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  // The passkey script asks the provider for a ceremony's options (decision 0071).
  'connect-src': ["'self'"],
  // The stylesheet the pages carry, by its hash, and the file (decision 0087).
  'style-src': [
    "'self'",
    `'sha256-${createHash('sha256').update(INLINE_STYLES).digest('base64')}'`,
  ],
  'img-src': ["'self'"],
  'form-action': ["'self'", WEB_ORIGIN],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
};

function directives(csp: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );
}

function expectPageHeaders(response: Response) {
  expect(directives(response.headers.get('content-security-policy'))).toEqual(POLICY);
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('same-origin');
}

describe('security headers', () => {
  it('are on our pages, their error pages and their files', async () => {
    const browser = new TestBrowser();
    const form = await openSignIn(browser, idp.running.issuer);
    expectPageHeaders(await browser.get(form.url));
    expectPageHeaders(await browser.postForm(form.action, {}, 'https://evil.example'));
    expectPageHeaders(await fetch(new URL(STYLESHEET_PATH, idp.running.issuer)));
  });

  it('are on the answers oidc-provider writes itself', async () => {
    expectPageHeaders(
      await fetch(new URL('/.well-known/openid-configuration', idp.running.issuer)),
    );
    expectPageHeaders(await fetch(new URL('/no-such-page', idp.running.issuer)));
  });

  it("let oidc-provider's self-submitting forms run by their hash, and nothing else", async () => {
    const browser = new TestBrowser();
    const form = await openSignIn(browser, idp.running.issuer, { response_mode: 'form_post' });
    const login = await browser.postForm(
      form.action,
      { csrf: form.csrf, email: DEMO_EMAIL, password: DEMO_PASSWORD },
      idp.running.issuer,
    );
    const resume = new URL(login.headers.get('location') ?? '', idp.running.issuer);
    const formPost = (await browser.follow(resume, idp.running.issuer)).response;
    // Sign-out without a session confirms itself the same way.
    const signOut = await new TestBrowser().get(new URL('/session/end', idp.running.issuer));

    for (const response of [formPost, signOut]) {
      expect(response.status).toBe(200);
      const script = /<script>([\s\S]*?)<\/script>/.exec(await response.text())?.[1] ?? '';
      expect(script).toContain('submit()');
      const hash = createHash('sha256').update(script).digest('base64');
      expect(directives(response.headers.get('content-security-policy'))).toEqual({
        ...POLICY,
        'script-src': ["'self'", `'sha256-${hash}'`],
      });
    }
  });
});
