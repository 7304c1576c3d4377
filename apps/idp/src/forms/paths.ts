import type { Locale } from '../i18n/locale.ts';

/** Our pages outside an interaction: reached from the sign-in page and from our mails. */
export const ACCOUNT_PAGES = {
  register: '/register',
  /** The link in the `account-verification` mail. */
  verify: '/register/verify',
  /** A new confirmation link for an account that is not confirmed yet. */
  resend: '/register/resend',
  forgotPassword: '/forgot-password',
  /** The link in the `password-reset` mail. */
  resetPassword: '/reset-password',
} as const;

/**
 * A page of ours in a language (the pages keep the language the portal asked the sign-in page
 * for), with a link's secret where it has one, and the portal path a registration returns to
 * (`return`, forms/return-path.ts) where there is one.
 */
export function pageUrl(
  issuer: string,
  path: string,
  locale: Locale,
  token?: string | undefined,
  returnTo?: string | undefined,
): URL {
  const url = new URL(path, issuer);
  if (token !== undefined) url.searchParams.set('token', token);
  url.searchParams.set('lang', locale);
  if (returnTo !== undefined) url.searchParams.set('return', returnTo);
  return url;
}

/** The same as a path with its query, for links on our own pages. */
export function pagePath(path: string, locale: Locale, returnTo?: string | undefined): string {
  const query = new URLSearchParams({ lang: locale });
  if (returnTo !== undefined) query.set('return', returnTo);
  return `${path}?${query.toString()}`;
}
