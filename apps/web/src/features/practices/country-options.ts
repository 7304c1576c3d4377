import { DEFAULT_COUNTRY } from '@pp/contract';

/** Germany and its neighbours, where the provider's customers practise (ISO 3166-1 alpha-2). */
const COUNTRIES = [DEFAULT_COUNTRY, 'AT', 'CH', 'LI', 'LU', 'BE', 'NL', 'DK', 'PL', 'CZ', 'FR'];

/**
 * The country select's entries, named in the interface language by the browser. A stored
 * country outside the list stays selectable, so saving the form never changes it unasked; a
 * practice without one (from the CRM, issue 44) starts at an empty entry named `noneLabel`.
 */
export function countryOptions(language: string, current: string, noneLabel = '') {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  if (current === '') {
    return [
      { value: '', label: noneLabel },
      ...COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code })),
    ];
  }
  const codes = COUNTRIES.includes(current) ? COUNTRIES : [...COUNTRIES, current];
  return codes.map((code) => ({ value: code, label: names.of(code) ?? code }));
}
