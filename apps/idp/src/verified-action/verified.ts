import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../accounts/accounts.ts';
import { boundCookie, readBoundCookie, type BoundCookie } from '../interaction/bound-cookie.ts';
import type { Interaction, InteractionDeps } from '../interaction/types.ts';

/**
 * Adding, removing or renewing a second factor needs the password or an existing factor proven
 * within the last five minutes (issue 41, finding 3; Keycloak asks the same before its
 * application-initiated actions): a sign-in that recent counts, else the action's pages ask.
 */
export const VERIFIED_FOR_SECONDS = 5 * 60;

/** A proof for one action's interaction, for five minutes from the proof. */
const VERIFIED: BoundCookie = { name: 'pp_idp_verified', seconds: VERIFIED_FOR_SECONDS };

export function verifiedCookie(
  deps: InteractionDeps,
  uid: string,
  accountId: string,
  seconds = VERIFIED_FOR_SECONDS,
): string {
  const { issuer } = deps.options;
  return boundCookie(VERIFIED, issuer, deps.secrets()[0] ?? '', uid, [accountId], seconds);
}

/**
 * A sign-in of the last five minutes that proved the password or two factors: a passkey without
 * its PIN is possession only, and whoever holds the key must not add a factor with it alone.
 */
async function secondsLeftOfSignIn(deps: InteractionDeps, interaction: Interaction) {
  const uid = interaction.session?.uid;
  const session = uid ? await deps.provider().Session.findByUid(uid) : undefined;
  const loginTs = session?.loginTs;
  const proven = session?.amr?.some((value) => value === 'pwd' || value === 'mfa') ?? false;
  return proven && loginTs !== undefined ? loginTs + VERIFIED_FOR_SECONDS - Date.now() / 1000 : 0;
}

/**
 * Whether this action's interaction has the account's proof: its cookie, or a sign-in of the
 * last five minutes — which the cookie then keeps for what is left of those five minutes.
 */
export async function isVerified(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  account: Pick<Account, 'id'>,
): Promise<boolean> {
  const { issuer } = deps.options;
  const fields = readBoundCookie(VERIFIED, request, issuer, deps.secrets(), interaction.uid, 1);
  if (fields?.[0] === account.id) return true;
  const left = await secondsLeftOfSignIn(deps, interaction);
  if (left <= 0) return false;
  void reply.header('set-cookie', verifiedCookie(deps, interaction.uid, account.id, left));
  return true;
}
