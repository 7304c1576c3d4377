import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../accounts/accounts.ts';
import { boundCookie, readBoundCookie, type BoundCookie } from '../interaction/bound-cookie.ts';
import type { Interaction, InteractionDeps } from '../interaction/types.ts';
import { LIFETIMES } from '../lifetimes.ts';

/**
 * Adding, removing or renewing a second factor needs the password or an existing factor proven
 * within the last five minutes (issue 41, finding 3; Keycloak asks the same before its
 * application-initiated actions): a sign-in that recent counts, else the action's pages ask.
 */
export const VERIFIED_FOR_SECONDS = 5 * 60;

/** Proven for the rest of one action's interaction (the setup of an app may take a while). */
const VERIFIED: BoundCookie = { name: 'pp_idp_verified', seconds: LIFETIMES.interaction };

export function verifiedCookie(deps: InteractionDeps, uid: string, accountId: string): string {
  const { issuer } = deps.options;
  return boundCookie(VERIFIED, issuer, deps.secrets()[0] ?? '', uid, [accountId]);
}

async function signedInRecently(deps: InteractionDeps, interaction: Interaction) {
  const uid = interaction.session?.uid;
  const session = uid ? await deps.provider().Session.findByUid(uid) : undefined;
  const loginTs = session?.loginTs;
  return loginTs !== undefined && Date.now() / 1000 - loginTs <= VERIFIED_FOR_SECONDS;
}

/**
 * Whether this action's interaction has the account's proof: its cookie, or a sign-in of the
 * last five minutes — which the cookie then keeps for the rest of the action.
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
  if (!(await signedInRecently(deps, interaction))) return false;
  void reply.header('set-cookie', verifiedCookie(deps, interaction.uid, account.id));
  return true;
}
