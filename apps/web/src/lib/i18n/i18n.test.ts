import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { requests, server } from '../../testing/portal-server.ts';
import { requestTextsEarly } from './early-texts.ts';
import { createI18n, LANGUAGE_KEY, rememberLanguage, switchLanguage } from './i18n.ts';

const failing = (language: string) =>
  server.use(
    http.get(`*/assets/i18n/${language}.json`, () => new HttpResponse(null, { status: 503 })),
  );

// The shared test server (setup-test-env.ts) serves the translation files.
const requested = () =>
  requests.filter((request) => request.method === 'GET').map((request) => request.url.pathname);

describe('createI18n', () => {
  it('speaks German by default, with its texts loaded by GET from /assets/i18n/de.json', async () => {
    const i18n = await createI18n();
    expect(i18n.t('APP.NAME')).toBe('Praxisportal');
    expect(document.documentElement.lang).toBe('de');
    expect(requested()).toEqual(['/assets/i18n/de.json']);
  });

  it('takes up the GET the entry started early, once: no second request for the same file', async () => {
    requestTextsEarly('de');
    const i18n = await createI18n();
    expect(i18n.t('APP.NAME')).toBe('Praxisportal');
    expect(requested()).toEqual(['/assets/i18n/de.json']);
    // Taken once: a later instance asks again (a fresh answer, not one already read).
    await createI18n();
    expect(requested()).toEqual(['/assets/i18n/de.json', '/assets/i18n/de.json']);
  });

  it('loads English on a switch and sets <html lang>', async () => {
    const i18n = await createI18n();
    await i18n.changeLanguage('en');
    expect(i18n.t('APP.NAME')).toBe('Practice Portal');
    expect(document.documentElement.lang).toBe('en');
    expect(requested()).toEqual(['/assets/i18n/de.json', '/assets/i18n/en.json']);
  });

  it('starts in the remembered language', async () => {
    rememberLanguage('en');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('en');
    const i18n = await createI18n();
    expect(i18n.resolvedLanguage).toBe('en');
    expect(requested()).toEqual(['/assets/i18n/en.json']);
  });

  it('ignores a remembered value that is no language of the portal', async () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'fr');
    const i18n = await createI18n();
    expect(i18n.resolvedLanguage).toBe('de');
  });

  it('falls back to the copy built into the app when the file cannot be loaded', async () => {
    failing('de');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const i18n = await createI18n();
    expect(i18n.t('NAV.DASHBOARD')).toBe('Übersicht');
    expect(error).toHaveBeenCalledOnce();
  });
});

describe('switchLanguage', () => {
  it('switches once the texts have loaded', async () => {
    const i18n = await createI18n();
    expect(await switchLanguage(i18n, 'en')).toBe(true);
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('NAV.DASHBOARD')).toBe('Dashboard');
  });

  it('keeps the current language when the texts cannot be loaded', async () => {
    const i18n = await createI18n();
    failing('en');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await switchLanguage(i18n, 'en')).toBe(false);
    expect(i18n.resolvedLanguage).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.t('NAV.DASHBOARD')).toBe('Übersicht');
  });
});
