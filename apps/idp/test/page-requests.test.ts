import { describe, expect, it } from 'vitest';
import { normalizeHtml, TestBrowser } from '@pp/testing';
import { STYLESHEET_PATH } from '../src/pages/assets.ts';
import { openSignIn, submitCredentials } from './support/oauth.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, useIdp } from './support/provider.ts';

const idp = useIdp();

/** Posts `body` to the sign-in form as our own page would, apart from the body. */
async function postToSignIn(headers: Record<string, string>, body?: string) {
  const browser = new TestBrowser('en');
  const form = await openSignIn(browser, idp.running.issuer);
  const origin = idp.running.issuer;
  const response = await browser.request(form.action, {
    method: 'POST',
    headers: { origin, ...headers },
    ...(body === undefined ? {} : { body }),
  });
  return { browser, form, response };
}

describe('form posts to our pages', () => {
  it('refuse a body that is not a form with 415 and the error page', async () => {
    const cases: { headers: Record<string, string>; body?: string }[] = [
      { headers: { 'content-type': 'text/plain' }, body: 'csrf=x' },
      { headers: { 'content-type': 'application/json' }, body: '{"csrf":"x"}' },
      { headers: {}, body: undefined },
    ];
    for (const { headers, body } of cases) {
      const { response } = await postToSignIn(headers, body);
      expect(response.status).toBe(415);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(normalizeHtml(await response.text())).toContain('The sign-in could not be completed.');
    }
  });

  it('refuse a form larger than 16 KiB with 413, and the page still signs in afterwards', async () => {
    const padding = 'x'.repeat(16 * 1024);
    const { browser, form, response } = await postToSignIn(
      { 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ email: DEMO_EMAIL, password: padding }).toString(),
    );
    expect(response.status).toBe(413);
    expect(normalizeHtml(await response.text())).toContain('<h1>Sign-in not possible</h1>');

    const { callback } = await submitCredentials(
      browser,
      idp.running.issuer,
      form,
      DEMO_EMAIL,
      DEMO_PASSWORD,
    );
    expect(callback?.searchParams.get('code')).toBeTruthy();
  });

  it('answer other methods with 405 and Allow', async () => {
    const browser = new TestBrowser('en');
    const form = await openSignIn(browser, idp.running.issuer);
    const abort = new URL(form.action.pathname.replace(/\/login$/, '/abort'), form.action);

    const getLogin = await browser.get(form.action);
    expect(getLogin.status).toBe(405);
    expect(getLogin.headers.get('allow')).toBe('POST');
    const putAbort = await browser.request(abort, { method: 'PUT' });
    expect(putAbort.status).toBe(405);
    expect(putAbort.headers.get('allow')).toBe('POST');
    const deletePage = await browser.request(form.url, { method: 'DELETE' });
    expect(deletePage.status).toBe(405);
    expect(deletePage.headers.get('allow')).toBe('GET');
  });
});

describe('the files of our pages', () => {
  it('are cached for a year under content-addressed names, also for HEAD', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(new URL(STYLESHEET_PATH, idp.running.issuer), { method });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8');
    }
  });

  it('leave out the favicon without a 404', async () => {
    const response = await fetch(new URL('/favicon.ico', idp.running.issuer));
    expect(response.status).toBe(204);
  });

  it('do not include the sources next to them', async () => {
    for (const path of ['/assets/layout.ts', '/assets/styles.css', '/pages/layout.ts']) {
      const response = await fetch(new URL(path, idp.running.issuer));
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('import');
    }
  });
});
