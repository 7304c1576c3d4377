import type { FastifyReply, FastifyRequest } from 'fastify';
import { PageError } from '../app/error-page.ts';
import { isValidCsrfToken } from './csrf.ts';
import type { Interaction, InteractionDeps } from './types.ts';

/**
 * The interaction a form post belongs to: the browser's interaction cookie must name the one in
 * the path, and the form must carry its CSRF token.
 */
export async function postedInteraction(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  uid: string,
  csrf: string,
): Promise<Interaction> {
  const interaction = await deps.provider().interactionDetails(request.raw, reply.raw);
  if (interaction.uid !== uid) throw new PageError(400, 'expired');
  if (!isValidCsrfToken(csrf, uid, deps.secrets())) throw new PageError(403, 'forbidden');
  return interaction;
}
