import type { FastifyReply, FastifyRequest } from 'fastify';
import { PageError } from '../app/error-page.ts';
import { showSignIn } from '../flows/sign-in/render.ts';
import { grantFirstParty } from './consent.ts';
import { finishInteraction } from './finish.ts';
import { InteractionParams } from './params.ts';
import type { InteractionDeps } from './types.ts';

/**
 * `GET /interaction/:uid`: what oidc-provider needs from the user. Signing in has its page; the
 * portal's consent is granted without one; any other prompt is an error.
 */
export async function showInteraction(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { uid } = InteractionParams.parse(request.params);
  const provider = deps.provider();
  const interaction = await provider.interactionDetails(request.raw, reply.raw);
  if (interaction.uid !== uid) throw new PageError(400, 'expired');
  if (interaction.prompt.name === 'login') return showSignIn(deps, request, reply, interaction);
  if (
    interaction.prompt.name === 'consent' &&
    interaction.params['client_id'] === deps.options.client.clientId
  ) {
    const result = await grantFirstParty(provider, interaction);
    return finishInteraction(deps, request, reply, result, true);
  }
  throw new PageError(400, 'generic');
}
