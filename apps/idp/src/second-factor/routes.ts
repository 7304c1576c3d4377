import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PageError } from '../app/error-page.ts';
import type { Sent } from '../app/sent.ts';
import { messagesFor } from '../i18n/locale.ts';
import { finishInteraction } from '../interaction/finish.ts';
import { formField, readForm } from '../interaction/form.ts';
import { interactionPosts } from '../interaction/post-routes.ts';
import type { Interaction, InteractionDeps } from '../interaction/types.ts';
import { needsSecondStep, secondStepMethods } from './methods.ts';
import { hasConfirmedTotp } from './store.ts';
import { isPasskeyAction, showPasskeyAction } from '../passkeys/routes.ts';
import { isVerified } from '../verified-action/verified.ts';
import { actionNoticePage } from './pages.ts';
import { pageContext, send } from '../interaction/page-context.ts';
import { showSecondStep } from './second-step.ts';
import { submitCode, switchMode } from './code-step.ts';
import { passkeyStepOptions, submitPasskey } from '../passkeys/second-step.ts';
import { sendRemoveOrRenew, verifyAction } from './remove-or-renew.ts';
import { confirmForAction } from '../verified-action/confirm-route.ts';
import { actionDone, actionOf, postedAction } from '../interaction/posted-action.ts';
import { confirmSetup, showSetup } from './setup.ts';

/** `GET /interaction/:uid` of a `pp_action`: the action's first page. */
export async function showAction(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
): Promise<Sent> {
  const { action, account } = await actionOf(deps, interaction);
  if (isPasskeyAction(action)) {
    return showPasskeyAction(deps, request, reply, interaction, action, account);
  }
  if (action === 'step-up') {
    const methods = await secondStepMethods(deps.options.db, account.id);
    if (!needsSecondStep(methods)) return showSetup(deps, request, reply, interaction, account);
    const query: unknown = request.query;
    const afterSetup = typeof query === 'object' && query !== null && 'after' in query;
    const step = await showSecondStep(deps, request, reply, interaction, afterSetup);
    if (!step) throw new PageError(400, 'expired');
    return step;
  }
  const context = pageContext(deps, request, reply, interaction);
  const t = messagesFor(context.locale).secondFactor;
  const links = deps.options.links;
  const confirmed = await hasConfirmedTotp(deps.options.db, account.id);
  if (action === 'configure-totp') {
    if (confirmed) {
      const page = actionNoticePage({ ...context, links, title: t.alreadyTitle, text: t.already });
      return send(reply, context, 200, page);
    }
    return showSetup(deps, request, reply, interaction, account);
  }
  if (!confirmed) {
    const page = actionNoticePage({ ...context, links, title: t.notSetUpTitle, text: t.notSetUp });
    return send(reply, context, 200, page);
  }
  const verified = await isVerified(deps, request, reply, interaction, account);
  return sendRemoveOrRenew(deps, reply, context, action, verified);
}

const CancelForm = z.object({ csrf: formField });

/** `POST …/action/cancel`: back to the portal with nothing changed (not an error). */
async function cancelAction(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const form = readForm(CancelForm, request.body);
  const { action } = await postedAction(deps, request, reply, form.csrf);
  return finishInteraction(deps, request, reply, actionDone(action, 'cancelled'), true);
}

export function secondFactorRoutes(app: FastifyInstance, deps: InteractionDeps): void {
  interactionPosts(app, deps, [
    ['second-factor', submitCode],
    ['second-factor/mode', switchMode],
    ['second-factor/passkey-options', passkeyStepOptions],
    ['second-factor/passkey', submitPasskey],
    ['totp/confirm', confirmSetup],
    ['action/confirm', confirmForAction],
    ['action/verify', verifyAction],
    ['action/cancel', cancelAction],
  ]);
}
