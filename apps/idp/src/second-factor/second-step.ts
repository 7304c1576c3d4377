import type { FastifyReply, FastifyRequest } from 'fastify';
import { findAccountById, type Account } from '../accounts/accounts.ts';
import { PageError } from '../app/error-page.ts';
import { type Sent } from '../app/sent.ts';
import { knownDevice } from '../sessions/device-cookie.ts';
import { finishInteraction } from '../interaction/finish.ts';
import { InteractionParams } from '../interaction/params.ts';
import { postedInteraction } from '../interaction/posted.ts';
import type { Interaction, InteractionDeps } from '../interaction/types.ts';
import { ACTION_PROMPT, actionOfAuthorization } from '../interaction/account-actions.ts';
import { ACR_SECOND_FACTOR, type LoginMethod } from '../sign-in/amr.ts';
import { needsSecondStep, secondStepMethods, type SecondStepMethods } from './methods.ts';
import {
  clearedSecondStepCookie,
  passwordStamp,
  pendingSecondStep,
  pendingSecondStepCookie,
} from './pending.ts';
import {
  isOpenAttempt,
  recordSignInEntry,
  settleSignInEntry,
  type SignInMethod,
} from '../sessions/sign-in-history.ts';
import { keptUserAgent } from '../sessions/user-agent.ts';
import { completeSignIn } from '../sign-in/complete.ts';
import { pageContext, send } from '../interaction/page-context.ts';
import {
  firstMode,
  secondStepPage,
  STEP_MODES,
  type StepMode,
  type StepProblem,
} from './second-step-page.ts';

/**
 * The second step (decision 0064, issue 41): after a right password, an account with a second
 * factor proves it — the app's code, a recovery code or a passkey — before the sign-in finishes.
 * The same pages serve a signed-in person's step-up (`pp_action=step-up`), which raises the
 * session's `amr` the only way it rises: by a factor proven now.
 */
export type Holder =
  | { kind: 'sign-in'; account: Account; attemptId: string }
  | { kind: 'step-up'; account: Account; afterSetup: boolean };

/** Who stands at this interaction's second step, if anyone: nobody gets there otherwise. */
async function holderOf(
  deps: InteractionDeps,
  request: FastifyRequest,
  interaction: Interaction,
): Promise<Holder | undefined> {
  const { db, issuer } = deps.options;
  if (interaction.prompt.name === 'login') {
    const pending = pendingSecondStep(request, issuer, deps.secrets(), interaction.uid);
    const account = pending ? await findAccountById(db, pending.accountId) : undefined;
    // Its password is still the account's, and the sign-in has not ended yet (issue 41).
    if (!account || !pending || pending.passwordStamp !== passwordStamp(account.passwordHash)) {
      return undefined;
    }
    if (!(await isOpenAttempt(db, pending.attemptId, account.id))) return undefined;
    return { kind: 'sign-in', account, attemptId: pending.attemptId };
  }
  const action = actionOfAuthorization(interaction.params, interaction.lastSubmission);
  if (interaction.prompt.name !== ACTION_PROMPT || action !== 'step-up') return undefined;
  const accountId = interaction.session?.accountId;
  const account = accountId ? await findAccountById(db, accountId) : undefined;
  return account ? { kind: 'step-up', account, afterSetup: false } : undefined;
}

export async function sendStep(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  holder: Holder,
  step: { mode: StepMode; methods: SecondStepMethods; status?: number; problem?: StepProblem },
  headers: Record<string, string> = {},
): Promise<Sent> {
  const context = pageContext(deps, request, reply, interaction);
  const purpose =
    holder.kind === 'sign-in' ? 'sign-in' : holder.afterSetup ? 'after-setup' : 'step-up';
  const page = secondStepPage({
    ...context,
    links: deps.options.links,
    mode: step.mode,
    methods: step.methods,
    problem: step.problem,
    purpose,
  });
  return send(reply, context, step.status ?? 200, page, headers);
}

/**
 * After a right password: the account's second factors decide. With none, the sign-in finishes
 * on the password; with any, the sign-in's entry in the history starts as incomplete, the
 * browser gets the interaction's pending cookie, and the second step's page.
 */
export async function afterPassword(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  signIn: { account: Account; login: LoginMethod; device: string | undefined },
): Promise<Sent> {
  const { account } = signIn;
  const methods = await secondStepMethods(deps.options.db, account.id);
  if (!needsSecondStep(methods)) {
    return completeSignIn(deps, request, reply, { ...signIn, method: 'password' });
  }
  const attemptId = await recordSignInEntry(deps.options.db, {
    accountId: account.id,
    outcome: 'incomplete',
    method: 'password',
    secondFactor: false,
    userAgent: keptUserAgent(request.headers['user-agent']),
    device: signIn.device,
  });
  const cookie = pendingSecondStepCookie(
    deps.options.issuer,
    deps.secrets()[0] ?? '',
    interaction.uid,
    { accountId: account.id, attemptId, passwordStamp: passwordStamp(account.passwordHash) },
  );
  deps.options.logger.info({ accountId: account.id }, 'password accepted: second step asked');
  const holder: Holder = { kind: 'sign-in', account, attemptId };
  return sendStep(
    deps,
    request,
    reply,
    interaction,
    holder,
    {
      mode: firstMode(methods),
      methods,
    },
    { 'set-cookie': cookie },
  );
}

/**
 * The second step's page again (a reload, a language switch, the way back): for the browser
 * whose password was right in this interaction, or the step-up's person. Undefined for anyone
 * else, who gets the sign-in page.
 */
export async function showSecondStep(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  afterSetup = false,
): Promise<Sent | undefined> {
  const holder = await holderOf(deps, request, interaction);
  if (!holder) return undefined;
  const methods = await secondStepMethods(deps.options.db, holder.account.id);
  const shown = holder.kind === 'step-up' ? { ...holder, afterSetup } : holder;
  return sendStep(deps, request, reply, interaction, shown, { mode: firstMode(methods), methods });
}

/** The interaction of a post to the second step, and who stands there (else: expired). */
export async function postedStep(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  csrf: string,
) {
  const { uid } = InteractionParams.parse(request.params);
  const interaction = await postedInteraction(deps, request, reply, uid, csrf);
  const holder = await holderOf(deps, request, interaction);
  if (!holder) throw new PageError(400, 'expired');
  const methods = await secondStepMethods(deps.options.db, holder.account.id);
  return { interaction, holder, methods };
}

export const modeOf = (value: string): StepMode =>
  STEP_MODES.find((mode) => mode === value) ?? 'totp';

const METHOD_OF_MODE: Record<StepMode, SignInMethod> = {
  totp: 'password+authenticator',
  recovery: 'password+recovery-code',
  passkey: 'password+passkey',
};

/** `amr` after the password and the second step's factor (RFC 8176), always with `mfa`. */
function loginAfter(proof: string): LoginMethod {
  return { amr: ['pwd', proof, 'mfa'], acr: ACR_SECOND_FACTOR };
}

async function sessionOf(deps: InteractionDeps, interaction: Interaction) {
  const uid = interaction.session?.uid;
  return uid ? await deps.provider().Session.findByUid(uid) : undefined;
}

/** What the step-up's session signed in with (`amr`), before the step. */
export async function sessionFactors(
  deps: InteractionDeps,
  interaction: Interaction,
): Promise<string[]> {
  return (await sessionOf(deps, interaction))?.amr ?? [];
}

/** A step-up's `amr`: the session's factors, the one proven now, and `mfa`. */
async function steppedUp(deps: InteractionDeps, interaction: Interaction, proof: string) {
  const session = await sessionOf(deps, interaction);
  const before = (session?.amr ?? ['pwd']).filter((value) => value !== 'mfa' && value !== proof);
  const login = { amr: [...before, proof, 'mfa'], acr: ACR_SECOND_FACTOR };
  return {
    accountId: interaction.session?.accountId ?? '',
    ...login,
    // The session's lifetime still counts from its sign-in (decision 0064).
    ...(session?.loginTs ? { ts: session.loginTs } : {}),
  };
}

/** The step is passed: the sign-in finishes, or the step-up's authorization goes on. */
export async function passed(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  holder: Holder,
  proof: { mode: StepMode; amr: string },
): Promise<Sent> {
  const { account } = holder;
  if (holder.kind === 'sign-in') {
    void reply.header('set-cookie', clearedSecondStepCookie(deps.options.issuer));
    return completeSignIn(deps, request, reply, {
      account,
      login: loginAfter(proof.amr),
      method: METHOD_OF_MODE[proof.mode],
      attemptId: holder.attemptId,
      message: 'signed in with a second factor',
    });
  }
  deps.options.logger.info({ accountId: account.id }, 'step-up: second factor proven');
  const login = await steppedUp(deps, interaction, proof.amr);
  const result = { login, ppAction: { action: 'step-up', outcome: 'done' } };
  return finishInteraction(deps, request, reply, result, true);
}

/** A refused proof: the sign-in's entry says so (and stays so unless a later one passes). */
export async function refused(
  deps: InteractionDeps,
  request: FastifyRequest,
  holder: Holder,
  mode: StepMode,
): Promise<void> {
  const { account } = holder;
  deps.options.logger.info({ accountId: account.id, method: mode }, 'second step refused');
  deps.options.signInEvents?.secondFactorRefused(mode);
  if (holder.kind !== 'sign-in') return;
  deps.options.signInEvents?.signIn(METHOD_OF_MODE[mode], 'failure');
  const device = knownDevice(request, deps.options.issuer, deps.secrets(), account.email);
  await settleSignInEntry(deps.options.db, holder.attemptId, {
    accountId: account.id,
    outcome: 'failure',
    method: METHOD_OF_MODE[mode],
    secondFactor: false,
    userAgent: keptUserAgent(request.headers['user-agent']),
    device,
  });
}
