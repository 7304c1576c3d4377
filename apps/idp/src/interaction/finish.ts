import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionResults } from 'oidc-provider';
import { SENT, type Sent } from '../app/sent.ts';
import type { InteractionDeps } from './types.ts';

/**
 * Stores the interaction's result and sends the browser back to oidc-provider, as
 * `interactionFinished` does, but through Fastify's reply (which it may still own).
 */
export async function finishInteraction(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  result: InteractionResults,
  mergeWithLastSubmission: boolean,
): Promise<Sent> {
  const returnTo = await deps
    .provider()
    .interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission });
  void reply.redirect(returnTo, 303);
  return SENT;
}
