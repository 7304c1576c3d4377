import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_KEY, storedLanguage } from '../i18n/i18n.ts';
import { initialLanguage } from './initial-language.ts';

afterEach(() => window.localStorage.clear());

describe('the language asked of the provider before the app is loaded', () => {
  it.each([null, 'de', 'en', 'fr', 'EN', ''])(
    'is the one i18next starts with when the stored choice is %j',
    (stored) => {
      if (stored !== null) window.localStorage.setItem(LANGUAGE_KEY, stored);
      expect(initialLanguage()).toBe(storedLanguage());
    },
  );

  it('is the stored choice', () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'en');
    expect(initialLanguage()).toBe('en');
  });
});
