import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';

// A country as CRM users type it, as the portal's ISO 3166-1 alpha-2 code (issue 44). In
// Dynamics 365 `address1_country` is free text ("Deutschland", "Germany", "Österreich", "DE"):
// the names come from a kept list (i18n-iso-countries, its German and English names with their
// short and official forms), not from a list of our own. Only the api loads it, never the web app.

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/de.json'));
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

/**
 * The ISO code of a country typed as an alpha-2 or alpha-3 code, or as a German or English name
 * (any case, extra spaces); null for an empty value or words that name no country.
 */
export function countryCodeOf(typed: string | null | undefined): string | null {
  const text = typed?.trim().replace(/\s+/g, ' ') ?? '';
  if (text === '') return null;
  if (/^[A-Za-z]{2}$/.test(text)) {
    const code = text.toUpperCase();
    return countries.isValid(code) ? code : null;
  }
  if (/^[A-Za-z]{3}$/.test(text) && countries.isValid(text.toUpperCase())) {
    return countries.alpha3ToAlpha2(text.toUpperCase()) ?? null;
  }
  for (const language of ['de', 'en']) {
    const code =
      countries.getAlpha2Code(text, language) ?? countries.getSimpleAlpha2Code(text, language);
    if (code) return code;
  }
  return null;
}
