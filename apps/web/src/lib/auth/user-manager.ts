import { InMemoryWebStorage, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { WebConfiguration } from '@pp/contract';

/** The specification's identity defaults (seconds). */
export const TOKEN_REQUEST_TIMEOUT = 10;
export const AUTHORIZE_TIMEOUT = 60;
/**
 * oidc-client-ts 3 has no clock-skew setting: it counts expiry from `expires_in` on the local
 * clock, so a skewed clock cannot make a token look valid longer. The leeway is spent renewing
 * this long before the access token expires.
 */
export const CLOCK_LEEWAY = 60;

export const SILENT_CALLBACK_PATH = '/silent-callback.html';

/**
 * Extra parameters of the authorize and of the token requests, as the provider profile wants them
 * (decision 0035): by default the api's audience as a resource indicator (RFC 8707); none for
 * Keycloak and Entra ID (Entra's v2 endpoint refuses `resource`), `audience` for Auth0.
 */
export function requestParameters(config: WebConfiguration) {
  const { audience, authorizeParameters, tokenParameters } = config.oidc;
  return {
    authorize: authorizeParameters ?? { resource: audience },
    token: tokenParameters ?? { resource: audience },
  };
}

/**
 * Authorization Code + PKCE for the portal's public client. The user (and its tokens) lives in
 * memory only; sessionStorage holds nothing but the state of a sign-in request in flight, which
 * the callback removes.
 */
export function createUserManager(config: WebConfiguration, origin: string): UserManager {
  const { issuer, clientId, scope } = config.oidc;
  const parameters = requestParameters(config);
  return new UserManager({
    authority: issuer,
    client_id: clientId,
    response_type: 'code',
    scope,
    redirect_uri: `${origin}/`,
    silent_redirect_uri: `${origin}${SILENT_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    extraQueryParams: parameters.authorize,
    extraTokenParams: parameters.token,
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
    requestTimeoutInSeconds: TOKEN_REQUEST_TIMEOUT,
    silentRequestTimeoutInSeconds: AUTHORIZE_TIMEOUT,
    accessTokenExpiringNotificationTimeInSeconds: CLOCK_LEEWAY,
    // Renewal is ours (token-renewal.ts): the library's would send refresh requests without a timeout.
    automaticSilentRenew: false,
    monitorSession: false,
    loadUserInfo: false,
  });
}
