import { describe, expect, it } from 'vitest';
import { negotiateLocale, parseAcceptLanguage } from '../src/i18n/locale.ts';

describe('page language', () => {
  it('prefers the first supported ui_locales entry', () => {
    expect(negotiateLocale('fr en-GB de', 'de-DE')).toBe('en');
  });

  it('falls back to Accept-Language by weight, then German', () => {
    expect(negotiateLocale(undefined, 'fr;q=0.9, en-US;q=0.8, de;q=0.7')).toBe('en');
    expect(negotiateLocale('', 'en;q=0, de-AT')).toBe('de');
    expect(negotiateLocale(undefined, 'fr, es')).toBe('de');
    expect(negotiateLocale(undefined, undefined)).toBe('de');
  });

  it('orders Accept-Language entries by q and keeps the order of equals', () => {
    expect(parseAcceptLanguage('de;q=0.5, en, fr;q=0.5, *;q=0.1')).toEqual(['en', 'de', 'fr', '*']);
  });
});
