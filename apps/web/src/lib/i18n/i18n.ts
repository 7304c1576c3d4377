import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pp/contract';
import { textsResponse, translationsPath } from './early-texts.ts';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };
export { translationsPath };
/** localStorage key of the chosen interface language (docs/product.md §2 allows it). */
export const LANGUAGE_KEY = 'pp.language';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language === value);
}

/** The language the user chose last in this browser; undefined in a browser where they never did. */
export function chosenLanguage(): Language | undefined {
  const stored = window.localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : undefined;
}

/** The language the user chose last in this browser, else German. */
export function storedLanguage(): Language {
  return chosenLanguage() ?? DEFAULT_LANGUAGE;
}

export function rememberLanguage(language: Language): void {
  window.localStorage.setItem(LANGUAGE_KEY, language);
}

type Texts = Record<string, unknown>;

/**
 * One GET of a language's texts (a few hundred bytes instead of i18next-http-backend), or the
 * one the entry started early.
 */
async function fetchTexts(language: string): Promise<Texts> {
  const response = await textsResponse(language);
  if (!response.ok) throw new Error(`${translationsPath(language)} answered ${response.status}`);
  return (await response.json()) as Texts;
}

// The same files, built into chunks of their own that only a failed GET loads: the first screen
// carries none of it, and the texts never fall back to their keys (decision 0037).
const bundled = import.meta.glob<Texts>('../../../public/assets/i18n/*.json', {
  import: 'default',
});

async function bundledTexts(language: string): Promise<Texts> {
  const load = bundled[`../../../public/assets/i18n/${language}.json`];
  if (!load) throw new Error(`no bundled texts for ${language}`);
  return load();
}

/** The served file, else the copy built into the app (the server's file may be newer). */
async function loadTexts(language: string): Promise<Texts> {
  try {
    return await fetchTexts(language);
  } catch (error) {
    console.error(`Translations: ${language} could not be loaded; using the built-in copy`, error);
    return bundledTexts(language);
  }
}

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    loadTexts(language).then(
      (texts) => callback(null, texts),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Switches the interface to `language` once its file has loaded; false (and the language
 * unchanged) when it could not be: the user chose it, so they are told rather than given the
 * built-in copy of a file the server fails to serve.
 */
export async function switchLanguage(instance: i18n, language: Language): Promise<boolean> {
  if (!instance.hasResourceBundle(language, 'translation')) {
    try {
      instance.addResourceBundle(language, 'translation', await fetchTexts(language));
    } catch (error) {
      console.error(`Translations: ${language} could not be loaded`, error);
      return false;
    }
  }
  await instance.changeLanguage(language);
  return true;
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
    .use(backend)
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
