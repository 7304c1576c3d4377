import { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { createPayloadAdapter } from './adapter.ts';
import type { KeyMaterial } from './signing-keys.ts';
import { LIFETIMES } from '../lifetimes.ts';
import type { ResolvedOptions } from '../options.ts';
import { extraTokenClaims, findAccount } from './claims.ts';
import { loadExistingGrant } from './grant.ts';
import { pageSources } from './page-sources.ts';
import { ACR_PASSWORD, ACR_SECOND_FACTOR } from '../sign-in/amr.ts';
import { actionPolicy } from '../interaction/account-actions.ts';

/** Paths of our own interaction pages; the provider sends the browser there to sign in. */
export const interactionPath = (uid: string) => `/interaction/${uid}`;

/** oidc-provider's configuration for the portal (docs/product.md §2, decision 0010). */
export function providerConfiguration(options: ResolvedOptions, keys: KeyMaterial): Configuration {
  const { client, audience, apiScope, db } = options;
  const pages = pageSources(options);
  return {
    adapter: createPayloadAdapter(db, LIFETIMES.clockTolerance),
    clients: [
      {
        client_id: client.clientId,
        client_name: 'Practice Portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${client.webOrigin}/`, `${client.webOrigin}/silent-callback.html`],
        post_logout_redirect_uris: [`${client.webOrigin}/`],
      },
    ],
    clientAuthMethods: ['none'],
    // The portal's theme, why the person is back at sign-in (decision 0039) and the portal path
    // a registration returns to (decision 0058), and the account action to run (`pp_action`,
    // decision 0064). Only read by our pages, which ignore values they do not know: no value is
    // refused.
    extraParams: ['pp_theme', 'pp_notice', 'pp_return', 'pp_action', 'pp_passkey'],
    // How the person signed in (RFC 8176 `amr`, and `acr`): in the ID token and the access token.
    acrValues: [ACR_PASSWORD, ACR_SECOND_FACTOR],
    responseTypes: ['code'],
    pkce: { required: () => true },
    // The api scope is deliberately absent: it is a resource scope (see loadExistingGrant).
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    claims: {
      // How the person signed in (decision 0064): in every ID token, as in the access token.
      openid: ['sub', 'acr', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['locale', 'updated_at'],
    },
    clientBasedCORS: (_ctx, origin, requester) =>
      requester.clientId === client.clientId && origin === client.webOrigin,
    cookies: {
      keys: keys.cookie,
      names: {
        session: 'pp_idp_session',
        interaction: 'pp_idp_interaction',
        resume: 'pp_idp_resume',
      },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    jwks: { keys: keys.signing },
    clockTolerance: LIFETIMES.clockTolerance,
    conformIdTokenClaims: true,
    discovery: { ui_locales_supported: ['de', 'en'], claims_locales_supported: undefined },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: pages.logoutSource,
        postLogoutSuccessSource: pages.postLogoutSuccessSource,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: apiScope,
            audience,
            accessTokenTTL: LIFETIMES.accessToken,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    interactions: {
      policy: actionPolicy(),
      url: (_ctx, interaction) => interactionPath(interaction.uid),
    },
    findAccount: findAccount(db),
    extraTokenClaims: extraTokenClaims(db),
    loadExistingGrant: loadExistingGrant(client.clientId),
    // Refresh tokens without `offline_access`: the web app renews with them, and they end with
    // the provider session (sign-out) or after 8 hours, whichever comes first.
    issueRefreshToken: async (_ctx, requester) => requester.grantTypeAllowed('refresh_token'),
    expiresWithSession: async () => true,
    rotateRefreshToken: () => true,
    renderError: pages.renderError,
    ttl: {
      AccessToken: LIFETIMES.accessToken,
      AuthorizationCode: LIFETIMES.authorizationCode,
      IdToken: LIFETIMES.idToken,
      Interaction: LIFETIMES.interaction,
      // Absolute from sign-in: using the portal does not stretch the session past a day.
      Session: (_ctx, session) =>
        session.loginTs
          ? Math.max(1, session.loginTs + LIFETIMES.session - Math.floor(Date.now() / 1000))
          : LIFETIMES.session,
      Grant: LIFETIMES.grant,
      RefreshToken: (ctx: KoaContextWithOIDC) =>
        ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? LIFETIMES.refreshToken,
    },
  };
}
