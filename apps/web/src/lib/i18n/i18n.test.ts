import { describe, expect, it } from 'vitest';
import { requests } from '../../app/testing/portal-server.ts';
import { createI18n, LANGUAGE_KEY, rememberLanguage } from './i18n.ts';

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
});
