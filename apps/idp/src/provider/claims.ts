import type { Account as ProviderAccount, KoaContextWithOIDC } from 'oidc-provider';
import { findAccountById } from '../accounts/accounts.ts';
import type { IdpDb } from '../db/database.ts';
import { countsForAccount } from '../sessions/factor-session.ts';

/**
 * The account behind a session, code or token, as oidc-provider asks for it on every use; none
 * when the sign-in no longer counts (`countsForAccount`): the authorization then asks to sign
 * in again (`login_required` without a page), the token endpoint answers `invalid_grant`.
 */
export function findAccount(db: IdpDb) {
  return async (
    ctx: KoaContextWithOIDC,
    sub: string,
    token?: unknown,
  ): Promise<ProviderAccount | undefined> => {
    const account = await findAccountById(db, sub);
    if (!account) return undefined;
    if (!(await countsForAccount(db, account, ctx, token))) return undefined;
    return {
      accountId: account.id,
      claims: () => ({
        sub: account.id,
        email: account.email,
        email_verified: account.emailVerified,
        locale: account.locale,
        updated_at: Math.floor(account.updatedAt.getTime() / 1000),
      }),
    };
  };
}

/**
 * How the sign-in behind a token happened: the authorization code's or refresh token's `amr` and
 * `acr`, which oidc-provider takes from the login result (the ID token gets them from there too).
 */
function loginMethodOf(ctx: KoaContextWithOIDC | undefined) {
  const source = ctx?.oidc?.entities.AuthorizationCode ?? ctx?.oidc?.entities.RefreshToken;
  return {
    ...(source?.amr ? { amr: source.amr } : {}),
    ...(source?.acr ? { acr: source.acr } : {}),
  };
}

/**
 * The api links identities by verified e-mail (docs/product.md §2): every access token carries
 * `email` and `email_verified`, so the api need not ask the userinfo endpoint; `amr`/`acr`,
 * which the api checks against a practice's second-factor requirement; and `sid`, the provider
 * session's `uid` (the id the api names sessions by), which tells the api which session is the
 * caller's own, "this device" (decision 0068).
 */
export function extraTokenClaims(db: IdpDb) {
  return async (
    ctx: KoaContextWithOIDC,
    token: { kind: string; accountId?: string; sessionUid?: string },
  ) => {
    if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
    const account = await findAccountById(db, token.accountId);
    if (!account) return undefined;
    const sid = token.sessionUid ? { sid: token.sessionUid } : {};
    return {
      email: account.email,
      email_verified: account.emailVerified,
      ...loginMethodOf(ctx),
      ...sid,
    };
  };
}
