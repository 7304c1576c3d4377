import type { KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';

const HintClaims = z.object({ sub: z.string(), iat: z.number() });

/**
 * Whether the sign-out page confirms itself (decision 0025): the portal asked with an ID token
 * hint — oidc-provider has checked its signature and audience by now, not its expiry — whose
 * subject is the session's account and which was issued during this session. Another person's
 * token, or one from an earlier session, can come from any site that wants to sign the user out
 * (security finding 3): then the page asks.
 */
export function isOwnSignOut(ctx: KoaContextWithOIDC, portalClientId: string): boolean {
  if (ctx.oidc.client?.clientId !== portalClientId) return false;
  const hint = HintClaims.safeParse(ctx.oidc.entities.IdTokenHint?.payload);
  const session = ctx.oidc.session;
  if (!hint.success || !session?.accountId || session.loginTs === undefined) return false;
  return hint.data.sub === session.accountId && hint.data.iat >= session.loginTs;
}
