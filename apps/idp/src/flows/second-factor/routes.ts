import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findAccountById, type Account } from '../../accounts.ts';
import { PageError } from '../../app/error-page.ts';
import { redirectTo } from '../../app/send-page.ts';
import type { Sent } from '../../app/sent.ts';
import { knownDevice } from '../../device-cookie.ts';
import { messagesFor } from '../../i18n/locale.ts';
import { finishInteraction } from '../../interaction/finish.ts';
import { formField, readForm } from '../../interaction/form.ts';
import { InteractionParams } from '../../interaction/params.ts';
import { interactionPosts } from '../../interaction/post-routes.ts';
import { postedInteraction } from '../../interaction/posted.ts';
import type { Interaction, InteractionDeps } from '../../interaction/types.ts';
import {
  ACTION_PROMPT,
  actionOfAuthorization,
  requiredActionOf,
  type PpAction,
} from '../../second-factor/actions.ts';
import { ACR_PASSWORD, ACR_SECOND_FACTOR } from '../../second-factor/amr.ts';
import { attemptCode } from '../../second-factor/attempt.ts';
import { needsSecondStep, secondStepMethods } from '../../second-factor/methods.ts';
import {
  acceptTotpCode,
  hasConfirmedTotp,
  pendingTotpSetup,
  removeSecondFactor,
  replaceRecoveryCodes,
  startTotpSetup,
} from '../../second-factor/store.ts';
import { noticeSecondFactorChange } from '../../security-notices.ts';
import { keptUserAgent } from '../../user-agent.ts';
import { isPasskeyAction, showPasskeyAction } from '../passkeys/routes.ts';
import { proveForAction, ProofForm, refusal } from '../verified-action/confirm.ts';
import { verifiedActionPage } from '../verified-action/page.ts';
import { sendVerifyFirst } from '../verified-action/verify-first.ts';
import { isVerified } from '../verified-action/verified.ts';
import { actionNoticePage, recoveryCodesPage, setupPage, type CodeProblem } from './pages.ts';
import { pageContext, send, type PageContext } from './render.ts';
import {
  passkeyStepOptions,
  showSecondStep,
  submitCode,
  submitPasskey,
  switchMode,
} from './second-step.ts';

async function requireAccount(deps: InteractionDeps, accountId: string | undefined) {
  const account = accountId ? await findAccountById(deps.options.db, accountId) : undefined;
  if (!account) throw new PageError(400, 'expired');
  return account;
}

/** The action of a `pp_action` interaction and its signed-in account. */
async function actionOf(deps: InteractionDeps, interaction: Interaction) {
  const action = actionOfAuthorization(interaction.params, interaction.lastSubmission);
  if (interaction.prompt.name !== ACTION_PROMPT || !action) throw new PageError(400, 'expired');
  const account = await requireAccount(deps, interaction.session?.accountId);
  return { action, account };
}

function actionDone(action: PpAction, outcome: 'done' | 'cancelled' = 'done') {
  return { ppAction: { action, outcome } };
}

/**
 * The session's login without the app's code, after the app is removed: a session that proved
 * the app at its sign-in no longer has it; any other factor it proved stays.
 */
async function withoutApp(deps: InteractionDeps, interaction: Interaction) {
  const uid = interaction.session?.uid;
  const session = uid ? await deps.provider().Session.findByUid(uid) : undefined;
  const amr = session?.amr ?? ['pwd'];
  if (!amr.includes('otp')) return undefined;
  const factors = amr.filter((value) => value !== 'otp' && value !== 'mfa');
  const mfa = factors.length > 1 || factors.some((value) => value === 'hwk' || value === 'swk');
  return {
    accountId: interaction.session?.accountId ?? '',
    amr: mfa ? [...factors, 'mfa'] : factors,
    acr: mfa ? ACR_SECOND_FACTOR : ACR_PASSWORD,
    ...(session?.loginTs ? { ts: session.loginTs } : {}),
  };
}

async function sendSetup(
  deps: InteractionDeps,
  reply: FastifyReply,
  context: PageContext,
  account: Account,
  interaction: Interaction,
  status = 200,
  problem?: CodeProblem,
  headers: Record<string, string> = {},
) {
  const { db, secondFactor, portalName } = deps.options;
  const label = portalName ?? messagesFor(context.locale).productName;
  const setup =
    (await pendingTotpSetup(db, secondFactor, account, label)) ??
    (await startTotpSetup(db, secondFactor, account, label));
  if (!setup) throw new PageError(400, 'expired');
  // Asked for at sign-in because a practice requires it: the page names the practice, and
  // "Später" signs in without it (the practice's data stays closed until it is set up).
  const requiredBy = requiredActionOf(interaction.lastSubmission)?.practice;
  const page = setupPage({ ...context, links: deps.options.links, ...setup, problem, requiredBy });
  return send(reply, context, status, page, headers);
}

/** Removing the app or renewing the recovery codes: the page of the verified action. */
async function sendRemoveOrRenew(
  deps: InteractionDeps,
  reply: FastifyReply,
  context: PageContext,
  action: 'remove-totp' | 'new-recovery-codes',
  verified: boolean,
  status = 200,
  refused?: {
    problem: CodeProblem;
    problemOf: 'code' | 'password';
    headers: Record<string, string>;
  },
) {
  const t = messagesFor(context.locale).secondFactor;
  const remove = action === 'remove-totp';
  const page = verifiedActionPage({
    ...context,
    links: deps.options.links,
    title: remove ? t.removeTitle : t.newCodesTitle,
    intro: remove ? t.removeIntro : t.newCodesIntro,
    action: 'action/verify',
    submit: remove ? t.removeSubmit : t.newCodesSubmit,
    withCode: true,
    verified,
    problem: refused?.problem,
    problemOf: refused?.problemOf,
  });
  return send(reply, context, status, page, refused?.headers ?? {});
}

/**
 * The app's setup, for `configure-totp` and for a step-up of an account without any second
 * factor; the password or a code first unless proven within five minutes.
 */
async function showSetup(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  account: Account,
): Promise<Sent> {
  const context = pageContext(deps, request, reply, interaction);
  if (!(await isVerified(deps, request, reply, interaction, account))) {
    return sendVerifyFirst(deps, reply, context, account);
  }
  return sendSetup(deps, reply, context, account, interaction);
}

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

async function postedAction(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  csrf: string,
) {
  const { uid } = InteractionParams.parse(request.params);
  const interaction = await postedInteraction(deps, request, reply, uid, csrf);
  const { action, account } = await actionOf(deps, interaction);
  return { interaction, action, account, context: pageContext(deps, request, reply, interaction) };
}

/**
 * `POST …/action/confirm`: the password or a code before adding a factor; accepted, it holds for
 * the rest of this action, and the browser goes back to the action's page.
 */
async function confirmForAction(
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

const ConfirmForm = z.object({ csrf: formField, code: formField });

/**
 * `POST …/totp/confirm`: the first code from the app confirms the setup; then the ten recovery
 * codes are shown once. The session's `amr` stays as it was — setting a factor up proves
 * nothing (issue 41) — so "Weiter" goes back to the portal, or, for a step-up, on to sign in
 * with the new app.
 */
async function confirmSetup(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const { options } = deps;
  const form = readForm(ConfirmForm, request.body);
  const { interaction, action, account, context } = await postedAction(
    deps,
    request,
    reply,
    form.csrf,
  );
  if (action !== 'configure-totp' && action !== 'step-up') throw new PageError(400, 'expired');
  if (!(await isVerified(deps, request, reply, interaction, account))) {
    return sendVerifyFirst(deps, reply, context, account, 403);
  }
  if (form.code.trim() === '') {
    return sendSetup(deps, reply, context, account, interaction, 400, { kind: 'missing-code' });
  }
  const device = knownDevice(request, options.issuer, deps.secrets(), account.email);
  const outcome = await attemptCode(options, { account, clientAddress: request.ip, device }, (db) =>
    acceptTotpCode(db, options.secondFactor, account.id, form.code, true),
  );
  if (outcome.kind !== 'accepted') {
    options.logger.info({ accountId: account.id }, 'authenticator setup: code refused');
    const { status, headers } = refusal(outcome);
    const problem: CodeProblem =
      outcome.kind === 'throttled'
        ? outcome
        : { kind: 'wrong-code', waitSeconds: outcome.waitSeconds };
    return sendSetup(deps, reply, context, account, interaction, status, problem, headers);
  }
  const codes = await replaceRecoveryCodes(options.db, options.secondFactor, account.id);
  options.logger.info({ accountId: account.id }, 'authenticator app set up');
  const userAgent = keptUserAgent(request.headers['user-agent']);
  await noticeSecondFactorChange(options, account, { change: 'app-added', userAgent });
  const t = messagesFor(context.locale).secondFactor;
  const continueHref =
    action === 'step-up'
      ? `${context.base}?after=setup`
      : await deps.provider().interactionResult(request.raw, reply.raw, actionDone(action), {
          mergeWithLastSubmission: true,
        });
  const page = recoveryCodesPage({
    locale: context.locale,
    links: options.links,
    email: account.email,
    codes,
    lead: t.setupDone,
    continueHref,
    ...(action === 'step-up' ? { continueLabel: t.continueToCode } : {}),
  });
  return sendCodes(reply, context, page);
}

/** The codes' page has no language switch: loading it again would not show the codes again. */
function sendCodes(reply: FastifyReply, context: PageContext, page: string): Sent {
  return send(
    reply,
    { ...context, look: { ...context.look, languageSwitch: undefined } },
    200,
    page,
  );
}

/**
 * `POST …/action/verify`: removing the app and the recovery codes, or new recovery codes (shown
 * once), after the password or a current code — or at once when proven within five minutes.
 */
async function verifyAction(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const { options } = deps;
  const form = readForm(ProofForm, request.body);
  const { interaction, action, account, context } = await postedAction(
    deps,
    request,
    reply,
    form.csrf,
  );
  if (action !== 'remove-totp' && action !== 'new-recovery-codes') {
    throw new PageError(400, 'expired');
  }
  const proof = await proveForAction(deps, request, reply, interaction, account, form);
  if (proof.kind === 'refused') {
    const { status, problem, confirmedWith, headers } = proof;
    return sendRemoveOrRenew(deps, reply, context, action, false, status, {
      problem,
      problemOf: confirmedWith,
      headers,
    });
  }
  const userAgent = keptUserAgent(request.headers['user-agent']);
  if (action === 'remove-totp') {
    await removeSecondFactor(options.db, account.id);
    options.logger.info({ accountId: account.id }, 'authenticator app removed');
    await noticeSecondFactorChange(options, account, { change: 'app-removed', userAgent });
    const login = await withoutApp(deps, interaction);
    const result = { ...(login ? { login } : {}), ...actionDone(action) };
    return finishInteraction(deps, request, reply, result, true);
  }
  const codes = await replaceRecoveryCodes(options.db, options.secondFactor, account.id);
  options.logger.info({ accountId: account.id }, 'new recovery codes made');
  await noticeSecondFactorChange(options, account, { change: 'recovery-codes-renewed', userAgent });
  const continueHref = await deps
    .provider()
    .interactionResult(request.raw, reply.raw, actionDone(action), {
      mergeWithLastSubmission: true,
    });
  const page = recoveryCodesPage({
    locale: context.locale,
    links: options.links,
    email: account.email,
    codes,
    continueHref,
  });
  return sendCodes(reply, context, page);
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
