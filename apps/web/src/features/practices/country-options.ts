import { DEFAULT_COUNTRY } from '@pp/contract';

/** Germany and its neighbours, where the provider's customers practise (ISO 3166-1 alpha-2). */
const COUNTRIES = [DEFAULT_COUNTRY, 'AT', 'CH', 'LI', 'LU', 'BE', 'NL', 'DK', 'PL', 'CZ', 'FR'];

/**
 * The country select's entries, named in the interface language by the browser. A stored
 * country outside the list stays selectable, so saving the form never changes it unasked.
 */
export function countryOptions(language: string, current: string) {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const codes = COUNTRIES.includes(current) ? COUNTRIES : [...COUNTRIES, current];
  return codes.map((code) => ({ value: code, label: names.of(code) ?? code }));
}
