import type { FastifyReply, FastifyRequest } from 'fastify';
import { redirectTo } from '../app/send-page.ts';
import type { Sent } from '../app/sent.ts';
import { readForm } from '../interaction/form.ts';
import type { InteractionDeps } from '../interaction/types.ts';
import { proveForAction, ProofForm } from './confirm.ts';
import { sendVerifyFirst } from './verify-first.ts';
import { postedAction } from '../interaction/posted-action.ts';

/**
 * `POST …/action/confirm`: the password or a code before adding a factor; accepted, it holds for
 * the rest of this action, and the browser goes back to the action's page.
 */
export async function confirmForAction(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const form = readForm(ProofForm, request.body);
  const { interaction, account, context } = await postedAction(deps, request, reply, form.csrf);
  const proof = await proveForAction(deps, request, reply, interaction, account, form);
  if (proof.kind === 'refused') {
    const { status, problem, confirmedWith, headers } = proof;
    return sendVerifyFirst(deps, reply, context, account, status, {
      problem,
      problemOf: confirmedWith,
      headers,
    });
  }
  return redirectTo(reply, context.base);
}
