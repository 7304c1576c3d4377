import type { Sent } from '../../app/sent.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionResults } from 'oidc-provider';
import { z } from 'zod';
import { PageError } from '../../app/error-page.ts';
import { findAccountById, type Account } from '../../accounts.ts';
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
import { PASSWORD_AND_CODE, PASSWORD_ONLY, type LoginMethod } from '../../second-factor/amr.ts';
import { attemptCode } from '../../second-factor/attempt.ts';
import {
  clearedSecondStepCookie,
  pendingSecondStep,
  pendingSecondStepCookie,
} from '../../second-factor/pending.ts';
import {
  acceptTotpCode,
  hasConfirmedTotp,
  pendingTotpSetup,
  recoveryCodesLeft,
  removeSecondFactor,
  replaceRecoveryCodes,
  startTotpSetup,
  useRecoveryCode,
} from '../../second-factor/store.ts';
import { recordFailedSignIn } from '../../sign-in-history.ts';
import { keptUserAgent } from '../../user-agent.ts';
import { isPasskeyAction, showPasskeyAction } from '../passkeys/routes.ts';
import { completeSignIn } from '../sign-in/complete.ts';
import {
  actionNoticePage,
  confirmActionPage,
  recoveryCodesPage,
  setupPage,
  signInCodePage,
  type CodeProblem,
} from './pages.ts';
import { confirmIdentity, refusal } from './confirm.ts';
import { pageContext, send, type PageContext } from './render.ts';

type Mode = 'totp' | 'recovery';
const modeOf = (value: string): Mode => (value === 'recovery' ? 'recovery' : 'totp');

async function requireAccount(deps: InteractionDeps, accountId: string | undefined) {
  const account = accountId ? await findAccountById(deps.options.db, accountId) : undefined;
  if (!account) throw new PageError(400, 'expired');
  return account;
}

// ————— the second step of a sign-in —————

async function sendCodeStep(
  deps: InteractionDeps,
  reply: FastifyReply,
  context: PageContext,
  accountId: string,
  mode: Mode,
  status = 200,
  problem?: CodeProblem,
  headers: Record<string, string> = {},
) {
  const page = signInCodePage({
    ...context,
    links: deps.options.links,
    mode,
    problem,
    recoveryLeft: mode === 'recovery' ? await recoveryCodesLeft(deps.options.db, accountId) : 0,
  });
  return send(reply, context, status, page, headers);
}

/**
 * After a correct password, an account with a confirmed authenticator app is not signed in yet:
 * the browser keeps a cookie of this interaction naming the account, and gets the code page.
 * Answers undefined for an account without one (the sign-in finishes as before).
 */
export async function askForSecondFactor(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  account: Account,
): Promise<Sent | undefined> {
  if (!(await hasConfirmedTotp(deps.options.db, account.id))) return undefined;
  const { issuer } = deps.options;
  const cookie = pendingSecondStepCookie(
    issuer,
    deps.secrets()[0] ?? '',
    interaction.uid,
    account.id,
  );
  deps.options.logger.info({ accountId: account.id }, 'password accepted: second factor asked');
  const context = pageContext(deps, request, reply, interaction);
  return sendCodeStep(deps, reply, context, account.id, 'totp', 200, undefined, {
    'set-cookie': cookie,
  });
}

/** The code page again (a reload, a language switch) while the interaction waits for it. */
export async function showPendingSecondStep(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
): Promise<Sent | undefined> {
  const { issuer } = deps.options;
  const accountId = pendingSecondStep(request, issuer, deps.secrets(), interaction.uid);
  if (!accountId) return undefined;
  const context = pageContext(deps, request, reply, interaction);
  return sendCodeStep(deps, reply, context, accountId, 'totp');
}

const CodeForm = z.object({ csrf: formField, mode: formField, code: formField });

async function pendingOf(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const { uid } = InteractionParams.parse(request.params);
  const form = readForm(CodeForm, request.body);
  const interaction = await postedInteraction(deps, request, reply, uid, form.csrf);
  if (interaction.prompt.name !== 'login') throw new PageError(400, 'expired');
  const accountId = pendingSecondStep(request, deps.options.issuer, deps.secrets(), uid);
  const account = await requireAccount(deps, accountId);
  return { form, interaction, account, context: pageContext(deps, request, reply, interaction) };
}

/** `POST …/second-factor/mode`: the code page for the app's code or for a recovery code. */
async function switchMode(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const { form, account, context } = await pendingOf(deps, request, reply);
  return sendCodeStep(deps, reply, context, account.id, modeOf(form.mode));
}

/**
 * `POST …/second-factor`: a code from the app or a recovery code, each usable once, throttled as
 * passwords are. Accepted, the sign-in finishes with `amr` `pwd otp mfa`.
 */
async function submitCode(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const { options } = deps;
  const { form, account, context } = await pendingOf(deps, request, reply);
  const mode = modeOf(form.mode);
  if (form.code.trim() === '') {
    return sendCodeStep(deps, reply, context, account.id, mode, 400, { kind: 'missing-code' });
  }
  const device = knownDevice(request, options.issuer, deps.secrets(), account.email);
  const outcome = await attemptCode(
    options,
    { accountId: account.id, clientAddress: request.ip, device },
    (db) =>
      mode === 'recovery'
        ? useRecoveryCode(db, options.secondFactor, account.id, form.code)
        : acceptTotpCode(db, options.secondFactor, account.id, form.code),
  );
  if (outcome.kind !== 'accepted') {
    options.logger.info({ accountId: account.id, method: mode }, 'second factor refused');
    if (outcome.kind !== 'throttled') {
      // A wrong code after the right password: the person should see it in their history.
      const userAgent = keptUserAgent(request.headers['user-agent']);
      const method = mode === 'recovery' ? 'recovery-code' : 'authenticator';
      await recordFailedSignIn(options.db, { email: account.email, userAgent, device, method });
    }
    const { status, headers } = refusal(outcome);
    const problem: CodeProblem =
      outcome.kind === 'throttled'
        ? outcome
        : {
            kind: mode === 'recovery' ? 'wrong-recovery-code' : 'wrong-code',
            waitSeconds: outcome.waitSeconds,
          };
    return sendCodeStep(deps, reply, context, account.id, mode, status, problem, headers);
  }
  void reply.header('set-cookie', clearedSecondStepCookie(options.issuer));
  // Recorded in the history (a recovery code by name), the browser marked as known, finished.
  return completeSignIn(deps, request, reply, {
    account,
    login: PASSWORD_AND_CODE,
    ...(mode === 'recovery' ? { method: 'recovery-code' } : {}),
    message: 'signed in with a second factor',
  });
}

// ————— the portal's actions (`pp_action`) —————

/** The action of a `pp_action` interaction and its signed-in account. */
async function actionOf(deps: InteractionDeps, interaction: Interaction) {
  const action = actionOfAuthorization(interaction.params, interaction.lastSubmission);
  if (interaction.prompt.name !== ACTION_PROMPT || !action) throw new PageError(400, 'expired');
  const account = await requireAccount(deps, interaction.session?.accountId);
  return { action, account };
}

/** The login of the session again with a new `amr`, keeping when it began. */
async function renewedLogin(deps: InteractionDeps, interaction: Interaction, method: LoginMethod) {
  const sessionUid = interaction.session?.uid;
  const session = sessionUid ? await deps.provider().Session.findByUid(sessionUid) : undefined;
  const accountId = interaction.session?.accountId ?? '';
  return { accountId, ...method, ...(session?.loginTs ? { ts: session.loginTs } : {}) };
}

function actionDone(action: PpAction, outcome: 'done' | 'cancelled' = 'done') {
  return { ppAction: { action, outcome } };
}

/** Stores the action's result and answers where the browser goes on (oidc-provider's resume). */
async function storeResult(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  result: InteractionResults,
): Promise<string> {
  return deps.provider().interactionResult(request.raw, reply.raw, result, {
    mergeWithLastSubmission: true,
  });
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
  const context = pageContext(deps, request, reply, interaction);
  const t = messagesFor(context.locale).secondFactor;
  const links = deps.options.links;
  const confirmed = await hasConfirmedTotp(deps.options.db, account.id);
  if (action === 'configure-totp') {
    if (confirmed) {
      const page = actionNoticePage({ ...context, links, title: t.alreadyTitle, text: t.already });
      return send(reply, context, 200, page);
    }
    return sendSetup(deps, reply, context, account, interaction);
  }
  if (!confirmed) {
    const page = actionNoticePage({ ...context, links, title: t.notSetUpTitle, text: t.notSetUp });
    return send(reply, context, 200, page);
  }
  return send(reply, context, 200, confirmActionPage({ ...context, links, action }));
}

const ConfirmForm = z.object({ csrf: formField, code: formField });

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
 * `POST …/totp/confirm`: the first code from the app confirms the setup; then the ten recovery
 * codes are shown once, and "Weiter zum Portal" finishes the authorization with `amr` `pwd otp mfa`.
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
  if (action !== 'configure-totp') throw new PageError(400, 'expired');
  if (form.code.trim() === '') {
    return sendSetup(deps, reply, context, account, interaction, 400, {
      kind: 'missing-code',
    });
  }
  const device = knownDevice(request, options.issuer, deps.secrets(), account.email);
  const outcome = await attemptCode(
    options,
    { accountId: account.id, clientAddress: request.ip, device },
    (db) => acceptTotpCode(db, options.secondFactor, account.id, form.code, true),
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
  const login = await renewedLogin(deps, interaction, PASSWORD_AND_CODE);
  const continueHref = await storeResult(deps, request, reply, { login, ...actionDone(action) });
  const t = messagesFor(context.locale).secondFactor;
  const page = recoveryCodesPage({
    locale: context.locale,
    links: options.links,
    email: account.email,
    codes,
    lead: t.setupDone,
    continueHref,
  });
  return send(
    reply,
    { ...context, look: { ...context.look, languageSwitch: undefined } },
    200,
    page,
  );
}

const VerifyForm = z.object({
  csrf: formField,
  method: formField,
  code: formField,
  password: formField,
});

/**
 * `POST …/action/verify`: a current code or the password, then the action — removing the app and
 * the recovery codes (the session's `amr` becomes `pwd`), or new recovery codes, shown once.
 */
async function verifyAction(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const { options } = deps;
  const form = readForm(VerifyForm, request.body);
  const { interaction, action, account, context } = await postedAction(
    deps,
    request,
    reply,
    form.csrf,
  );
  if (action !== 'remove-totp' && action !== 'new-recovery-codes') {
    throw new PageError(400, 'expired');
  }
  const confirmation = await confirmIdentity(deps, request, account, form);
  if (confirmation.kind === 'refused') {
    options.logger.info({ accountId: account.id, action }, 'account action: confirmation refused');
    const page = confirmActionPage({
      ...context,
      links: options.links,
      action,
      problem: confirmation.problem,
      problemOf: confirmation.confirmedWith,
    });
    return send(reply, context, confirmation.status, page, confirmation.headers);
  }
  if (action === 'remove-totp') {
    await removeSecondFactor(options.db, account.id);
    options.logger.info({ accountId: account.id }, 'authenticator app removed');
    const login = await renewedLogin(deps, interaction, PASSWORD_ONLY);
    return finishInteraction(deps, request, reply, { login, ...actionDone(action) }, true);
  }
  const codes = await replaceRecoveryCodes(options.db, options.secondFactor, account.id);
  options.logger.info({ accountId: account.id }, 'new recovery codes made');
  const login =
    confirmation.confirmedWith === 'password'
      ? {}
      : { login: await renewedLogin(deps, interaction, PASSWORD_AND_CODE) };
  const continueHref = await storeResult(deps, request, reply, { ...login, ...actionDone(action) });
  const page = recoveryCodesPage({
    locale: context.locale,
    links: options.links,
    email: account.email,
    codes,
    continueHref,
  });
  return send(
    reply,
    { ...context, look: { ...context.look, languageSwitch: undefined } },
    200,
    page,
  );
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
    ['totp/confirm', confirmSetup],
    ['action/verify', verifyAction],
    ['action/cancel', cancelAction],
  ]);
}
