import type { FastifyRequest } from 'fastify';
import { negotiateLocale, type Locale } from '../i18n/locale.ts';

/** The page language for an interaction: its `ui_locales`, then the browser's languages. */
export function interactionLocale(
  request: FastifyRequest,
  params: Record<string, unknown>,
): Locale {
  const uiLocales = params['ui_locales'];
  return negotiateLocale(
    typeof uiLocales === 'string' ? uiLocales : undefined,
    request.headers['accept-language'],
  );
}
