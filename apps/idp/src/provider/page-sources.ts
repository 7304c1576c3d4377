import type { KoaContextWithOIDC } from 'oidc-provider';
import { negotiateLocale, type Locale } from '../i18n/locale.ts';
import { errorPage } from '../pages/error.ts';
import { signedOutPage, signOutPage } from '../pages/sign-out.ts';
import type { ResolvedOptions } from '../options.ts';

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
      // oidc-provider has validated the hint by now: the portal's own sign-out is confirmed.
      const hint: unknown = ctx.oidc.params?.['id_token_hint'];
      const fromPortal =
        typeof hint === 'string' &&
        hint !== '' &&
        ctx.oidc.client?.clientId === options.client.clientId;
      ctx.body = signOutPage(localeOf(ctx), links, form, fromPortal);
    },
    async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
      ctx.type = 'html';
      ctx.body = signedOutPage(localeOf(ctx), links, portalUrl);
    },
  };
}
