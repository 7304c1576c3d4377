import { de } from './de.ts';
import { en } from './en.ts';
import type { Messages } from './messages.ts';

export type Locale = 'de' | 'en';
export const LOCALES: readonly Locale[] = ['de', 'en'];
const DEFAULT_LOCALE: Locale = 'de';

const MESSAGES: Record<Locale, Messages> = { de, en };

export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}

function supported(tag: string): Locale | undefined {
  const primary = tag.trim().toLowerCase().split('-')[0];
  return LOCALES.find((locale) => locale === primary);
}

/** Languages of an Accept-Language header, best first (`q=0` dropped). */
export function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The page language: the first supported entry of `ui_locales` (the client's explicit choice),
 * then of the browser's Accept-Language, else German.
 */
export function negotiateLocale(
  uiLocales: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  for (const tag of (uiLocales ?? '').split(' ')) {
    const locale = supported(tag);
    if (locale) return locale;
  }
  for (const tag of parseAcceptLanguage(acceptLanguage ?? '')) {
    const locale = supported(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
