import type { KoaContextWithOIDC } from 'oidc-provider';
import { signedOutPage, signOutPage } from '../flows/sign-out/pages.ts';
import { negotiateLocale, type Locale } from '../i18n/locale.ts';
import { errorPage } from '../pages/error.ts';
import type { ResolvedOptions } from '../options.ts';
import { isOwnSignOut } from './own-sign-out.ts';

function localeOf(ctx: KoaContextWithOIDC): Locale {
  // ctx.oidc is missing for errors raised before the provider parsed the request.
  const params: unknown = ctx.oidc?.params;
  const uiLocales =
    params && typeof params === 'object' && 'ui_locales' in params ? params.ui_locales : undefined;
  return negotiateLocale(
    typeof uiLocales === 'string' ? uiLocales : undefined,
    ctx.get('accept-language'),
  );
}

/** Our pages in place of oidc-provider's development pages. */
export function pageSources(options: ResolvedOptions) {
  const { links, portalUrl } = options;
  return {
    async renderError(ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }) {
      ctx.type = 'html';
      ctx.body = errorPage({
        locale: localeOf(ctx),
        links,
        portalUrl,
        kind: 'generic',
        code: out.error,
        description: out.error_description,
      });
    },
    async logoutSource(ctx: KoaContextWithOIDC, form: string) {
      ctx.type = 'html';
      const confirmed = isOwnSignOut(ctx, options.client.clientId);
      ctx.body = signOutPage(localeOf(ctx), links, form, confirmed);
    },
    async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
      ctx.type = 'html';
      ctx.body = signedOutPage(localeOf(ctx), links, portalUrl);
    },
  };
}
