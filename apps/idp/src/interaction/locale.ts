import type { FastifyRequest } from 'fastify';
import { LOCALES, negotiateLocale, type Locale } from '../i18n/locale.ts';
import { cookieFrom } from '../pages/look.ts';
import type { Interaction } from './types.ts';

/** The language chosen on the sign-in page itself, for that interaction only: `<uid>.<lang>`. */
export const LANGUAGE_COOKIE = 'pp_idp_lang';

function chosenLocale(request: FastifyRequest, uid: string): Locale | undefined {
  const value = cookieFrom(request.headers.cookie, LANGUAGE_COOKIE) ?? '';
  const dot = value.lastIndexOf('.');
  const locale = value.slice(dot + 1);
  return value.slice(0, dot) === uid ? LOCALES.find((l) => l === locale) : undefined;
}

/** The `Set-Cookie` value that keeps the language chosen in this interaction (session only). */
export function languageCookie(uid: string, locale: Locale, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${uid}.${locale}; Path=/interaction/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The page language for an interaction: the language chosen on its sign-in page, then its
 * `ui_locales` (the portal's language), then the browser's languages.
 */
export function interactionLocale(
  request: FastifyRequest,
  interaction: Pick<Interaction, 'uid' | 'params'>,
): Locale {
  const uiLocales = interaction.params['ui_locales'];
  return (
    chosenLocale(request, interaction.uid) ??
    negotiateLocale(
      typeof uiLocales === 'string' ? uiLocales : undefined,
      request.headers['accept-language'],
    )
  );
}
