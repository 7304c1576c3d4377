import type { FastifyReply, FastifyRequest } from 'fastify';
import { findAccountById } from '../accounts/accounts.ts';
import { PageError } from '../app/error-page.ts';
import { InteractionParams } from './params.ts';
import { postedInteraction } from './posted.ts';
import type { Interaction, InteractionDeps } from './types.ts';
import { ACTION_PROMPT, actionOfAuthorization, type PpAction } from './account-actions.ts';
import { pageContext } from './page-context.ts';

async function requireAccount(deps: InteractionDeps, accountId: string | undefined) {
  const account = accountId ? await findAccountById(deps.options.db, accountId) : undefined;
  if (!account) throw new PageError(400, 'expired');
  return account;
}

/** The action of a `pp_action` interaction and its signed-in account. */
export async function actionOf(deps: InteractionDeps, interaction: Interaction) {
  const action = actionOfAuthorization(interaction.params, interaction.lastSubmission);
  if (interaction.prompt.name !== ACTION_PROMPT || !action) throw new PageError(400, 'expired');
  const account = await requireAccount(deps, interaction.session?.accountId);
  return { action, account };
}

/**
 * The interaction of a form post of an account action (its cookie and CSRF token checked), the
 * action, its signed-in account and the page context; `expected` names the only action the post
 * belongs to.
 */
export async function postedAction(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  csrf: string,
  expected?: PpAction,
) {
  const { uid } = InteractionParams.parse(request.params);
  const interaction = await postedInteraction(deps, request, reply, uid, csrf);
  const { action, account } = await actionOf(deps, interaction);
  if (expected !== undefined && action !== expected) throw new PageError(400, 'expired');
  return { interaction, action, account, context: pageContext(deps, request, reply, interaction) };
}

/** What an action's interaction leaves in its result, so the prompt is not asked again. */
export function actionDone(action: PpAction, outcome: 'done' | 'cancelled' = 'done') {
  return { ppAction: { action, outcome } };
}
