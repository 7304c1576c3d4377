import type { KoaContextWithOIDC } from 'oidc-provider';
import { signedOutPage, signOutPage } from '../sign-out/pages.ts';
import { negotiateLocale, type Locale } from '../i18n/locale.ts';
import { errorPage } from '../pages/error.ts';
import {
  cookieFrom,
  otherLocale,
  THEME_COOKIE,
  themeOf,
  withLook,
  withParam,
  type PageLook,
} from '../pages/look.ts';
import type { ResolvedOptions } from '../options.ts';
import { isOwnSignOut } from './own-sign-out.ts';

/** The page's language: its switch's `lang`, then `ui_locales`, then the browser's. */
function localeOf(ctx: KoaContextWithOIDC): Locale {
  // ctx.oidc is missing for errors raised before the provider parsed the request.
  const params: unknown = ctx.oidc?.params;
  const uiLocales =
    params && typeof params === 'object' && 'ui_locales' in params ? params.ui_locales : undefined;
  const chosen = ctx.method === 'GET' ? ctx.query['lang'] : undefined;
  return negotiateLocale(
    [chosen, uiLocales].filter((value) => typeof value === 'string').join(' '),
    ctx.get('accept-language'),
  );
}

/** The remembered theme, and on a page that can be fetched again, the switch to the other language. */
function lookOf(ctx: KoaContextWithOIDC, locale: Locale): PageLook {
  return {
    theme: themeOf(cookieFrom(ctx.get('cookie'), THEME_COOKIE)),
    ...(ctx.method === 'GET' && {
      languageSwitch: {
        kind: 'link',
        href: withParam(ctx.originalUrl, 'lang', otherLocale(locale)),
      } as const,
    }),
  };
}

/** Our pages in place of oidc-provider's development pages. */
export function pageSources(options: ResolvedOptions) {
  const { links, portalUrl } = options;
  return {
    async renderError(ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }) {
      ctx.type = 'html';
      const locale = localeOf(ctx);
      const page = errorPage({
        locale,
        links,
        portalUrl,
        kind: 'generic',
        code: out.error,
        description: out.error_description,
      });
      ctx.body = withLook(page, lookOf(ctx, locale));
    },
    async logoutSource(ctx: KoaContextWithOIDC, form: string) {
      ctx.type = 'html';
      const confirmed = isOwnSignOut(ctx, options.client.clientId);
      const locale = localeOf(ctx);
      ctx.body = withLook(signOutPage(locale, links, form, confirmed), lookOf(ctx, locale));
    },
    async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
      ctx.type = 'html';
      const locale = localeOf(ctx);
      ctx.body = withLook(signedOutPage(locale, links, portalUrl), lookOf(ctx, locale));
    },
  };
}
