import { ErrorResponse, type UserManager } from 'oidc-client-ts';
import { AUTHORIZE_TIMEOUT, TOKEN_REQUEST_TIMEOUT } from './user-manager.ts';

const RETRY_MS = 5_000;

/**
 * Renews the access token shortly before it expires: with the refresh token (a token request,
 * 10 s) or, where the provider gave none, in the hidden frame (an authorize request, 60 s). The
 * library's own renewal sends refresh requests without any timeout, hence this one.
 *
 * A refusal by the provider (a reused, revoked or expired refresh token) ends the session; a
 * timeout or network failure is retried while the current token is still valid.
 */
export function keepRenewing(
  manager: UserManager,
  /** The token request's extra parameters (`requestParameters(config).token`). */
  tokenParameters: Record<string, string>,
  onSessionEnded: () => void,
  /** The authorize request's extra parameters, for a renewal in the hidden frame. */
  authorizeParameters?: () => Record<string, string>,
): () => void {
  let retry: ReturnType<typeof setTimeout> | undefined;

  const renew = async () => {
    clearTimeout(retry);
    const user = await manager.getUser();
    if (!user) return;
    try {
      await manager.signinSilent({
        silentRequestTimeoutInSeconds: user.refresh_token
          ? TOKEN_REQUEST_TIMEOUT
          : AUTHORIZE_TIMEOUT,
        extraTokenParams: tokenParameters,
        ...(!user.refresh_token && authorizeParameters
          ? { extraQueryParams: authorizeParameters() }
          : {}),
      });
    } catch (error) {
      if (error instanceof ErrorResponse) {
        await manager.removeUser();
        onSessionEnded();
      } else if (!user.expired) {
        retry = setTimeout(() => void renew(), RETRY_MS);
      }
    }
  };

  const onExpiring = () => void renew();
  manager.events.addAccessTokenExpiring(onExpiring);
  return () => {
    manager.events.removeAccessTokenExpiring(onExpiring);
    clearTimeout(retry);
  };
}
