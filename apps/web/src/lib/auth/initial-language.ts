// Part of the first visit's light entry (decision 0034): the language the provider's pages are
// asked for before i18next is loaded, read as lib/i18n/i18n.ts reads it (a test holds them equal).

const LANGUAGE_KEY = 'pp.language';
const LANGUAGES: readonly string[] = ['de', 'en'];

/** The language the user chose last in this browser, else German. */
export function initialLanguage(): string {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_KEY);
    return stored !== null && LANGUAGES.includes(stored) ? stored : 'de';
  } catch {
    // Storage may be blocked; German is the portal's default.
    return 'de';
  }
}
