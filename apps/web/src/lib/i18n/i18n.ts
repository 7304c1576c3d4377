import i18next, { type i18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pp/contract';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

/** The translation files the api serves; `{{lng}}` is one of {@link LANGUAGES}. */
export const TRANSLATIONS_PATH = '/assets/i18n/{{lng}}.json';
/** localStorage key of the chosen interface language (PRODUCT §2 allows it). */
export const LANGUAGE_KEY = 'pp.language';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language === value);
}

/** The language the user chose last in this browser, else German. */
export function storedLanguage(): Language {
  const stored = window.localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function rememberLanguage(language: Language): void {
  window.localStorage.setItem(LANGUAGE_KEY, language);
}

/**
 * An i18next instance that loads its texts over HTTP and keeps `<html lang>` in step with the
 * interface language (screen readers pick their voice from it). Resolves once the texts of the
 * language are loaded.
 */
export async function createI18n(language: Language = storedLanguage()): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (current) => {
    document.documentElement.lang = current;
  });
  await instance
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // Both files hold the same keys (a unit test checks), so no second file is fetched as fallback.
      fallbackLng: false,
      supportedLngs: LANGUAGES,
      load: 'languageOnly',
      backend: { loadPath: TRANSLATIONS_PATH },
      // React escapes what it renders.
      interpolation: { escapeValue: false },
    });
  return instance;
}
