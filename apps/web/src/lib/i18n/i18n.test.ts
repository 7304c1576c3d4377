import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../public/assets/i18n/de.json';
import en from '../../../public/assets/i18n/en.json';
import { createI18n, LANGUAGE_KEY, rememberLanguage } from './i18n.ts';

const files: Record<string, unknown> = { 'de.json': de, 'en.json': en };
const requested: string[] = [];
const server = setupServer(
  http.get('*/assets/i18n/:file', ({ request, params }) => {
    requested.push(new URL(request.url).pathname);
    const body = files[String(params['file'])];
    return body ? HttpResponse.json(body) : new HttpResponse(null, { status: 404 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  window.localStorage.clear();
  requested.length = 0;
});
afterAll(() => server.close());

describe('createI18n', () => {
  it('speaks German by default, with its texts loaded by GET from /assets/i18n/de.json', async () => {
    const i18n = await createI18n();
    expect(i18n.t('APP.NAME')).toBe('Praxisportal');
    expect(document.documentElement.lang).toBe('de');
    expect(requested).toEqual(['/assets/i18n/de.json']);
  });

  it('loads English on a switch and sets <html lang>', async () => {
    const i18n = await createI18n();
    await i18n.changeLanguage('en');
    expect(i18n.t('APP.NAME')).toBe('Practice Portal');
    expect(document.documentElement.lang).toBe('en');
    expect(requested).toEqual(['/assets/i18n/de.json', '/assets/i18n/en.json']);
  });

  it('starts in the remembered language', async () => {
    rememberLanguage('en');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('en');
    const i18n = await createI18n();
    expect(i18n.resolvedLanguage).toBe('en');
    expect(requested).toEqual(['/assets/i18n/en.json']);
  });

  it('ignores a remembered value that is no language of the portal', async () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'fr');
    const i18n = await createI18n();
    expect(i18n.resolvedLanguage).toBe('de');
  });
});
