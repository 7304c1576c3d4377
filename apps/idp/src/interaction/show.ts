import type { Sent } from '../app/sent.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findAccountById } from '../accounts/accounts.ts';
import { PageError } from '../app/error-page.ts';
import { showAction } from '../second-factor/routes.ts';
import { afterPassword, showSecondStep } from '../second-factor/second-step.ts';
import { knownDevice } from '../sessions/device-cookie.ts';
import { showSignIn } from '../sign-in/render.ts';
import { ACTION_PROMPT } from './account-actions.ts';
import { PASSWORD_ONLY } from '../sign-in/amr.ts';
import { clearedTicket, hasTicket, redeemSignInTicket } from '../sessions/sign-in-ticket.ts';
import { grantFirstParty } from './consent.ts';
import { finishInteraction } from './finish.ts';
import { InteractionParams } from './params.ts';
import type { Interaction, InteractionDeps } from './types.ts';

/**
 * A browser that has just confirmed its new account's address holds a sign-in ticket
 * (sign-in-ticket.ts): it stands for the password, so the sign-in goes on as after the password
 * — to the second step where the account has a factor by now (issue 41). The cookie goes either
 * way.
 */
async function signInByTicket(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
) {
  const { issuer, db } = deps.options;
  if (!hasTicket(request, issuer)) return undefined;
  void reply.header('set-cookie', clearedTicket(issuer));
  const accountId = await redeemSignInTicket(db, request, issuer);
  const account = accountId === undefined ? undefined : await findAccountById(db, accountId);
  if (account === undefined) return undefined;
  const device = knownDevice(request, issuer, deps.secrets(), account.email);
  return afterPassword(deps, request, reply, interaction, {
    account,
    login: PASSWORD_ONLY,
    device,
  });
}

/**
 * `GET /interaction/:uid`: what oidc-provider needs from the user. Signing in has its page (or a
 * ticket of a just confirmed address, or the code page when the password was right and a second
 * factor is asked); the portal's consent is granted without one; an account action the portal
 * asked for (`pp_action`) has its pages; any other prompt is an error.
 */
export async function showInteraction(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const { uid } = InteractionParams.parse(request.params);
  const provider = deps.provider();
  const interaction = await provider.interactionDetails(request.raw, reply.raw);
  if (interaction.uid !== uid) throw new PageError(400, 'expired');
  if (interaction.prompt.name === 'login') {
    const signedIn = await signInByTicket(deps, request, reply, interaction);
    if (signedIn) return signedIn;
    const secondStep = await showSecondStep(deps, request, reply, interaction);
    return secondStep ?? showSignIn(deps, request, reply, interaction);
  }
  if (interaction.prompt.name === ACTION_PROMPT) {
    return showAction(deps, request, reply, interaction);
  }
  if (
    interaction.prompt.name === 'consent' &&
    interaction.params['client_id'] === deps.options.client.clientId
  ) {
    const result = await grantFirstParty(provider, interaction);
    return finishInteraction(deps, request, reply, result, true);
  }
  throw new PageError(400, 'generic');
}
