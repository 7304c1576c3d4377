import type { FastifyRequest } from 'fastify';
import { negotiateLocale, type Locale } from '../i18n/locale.ts';

/**
 * The language of a page outside an interaction: the `lang` its link or form carries (the
 * language the portal chose), then the browser's languages.
 */
export function pageLocale(request: FastifyRequest, lang: string | undefined): Locale {
  return negotiateLocale(lang, request.headers['accept-language']);
}
