import type { Language } from '@pp/contract';

const NAMES: Record<Language, Intl.DisplayNames> = {
  de: new Intl.DisplayNames(['de'], { type: 'region', fallback: 'code' }),
  en: new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }),
};

/** A country's name in the person's language (`DE` → Deutschland / Germany); else the code. */
export function countryName(code: string | null | undefined, language: Language): string {
  if (!code) return '';
  try {
    return NAMES[language].of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
