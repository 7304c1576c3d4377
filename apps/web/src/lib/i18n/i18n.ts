import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pp/contract';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

/** The translation file of a language, served by the api (specification §7). */
export const translationsPath = (language: string) => `/assets/i18n/${language}.json`;
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

/** Loads a language's texts with one GET (a few hundred bytes instead of i18next-http-backend). */
const fetchBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    fetch(translationsPath(language), { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok)
          throw new Error(`${translationsPath(language)} answered ${response.status}`);
        callback(null, await response.json());
      })
      .catch((error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
      );
  },
};

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
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // Both files hold the same keys (a unit test checks), so no second file is fetched as fallback.
      fallbackLng: false,
      supportedLngs: LANGUAGES,
      load: 'languageOnly',
      // React escapes what it renders.
      interpolation: { escapeValue: false },
    });
  return instance;
}
