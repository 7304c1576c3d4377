import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findAccountById, type Account } from '../../accounts.ts';
import { PageError } from '../../app/error-page.ts';
import { SENT, type Sent } from '../../app/sent.ts';
import { knownDevice } from '../../device-cookie.ts';
import { finishInteraction } from '../../interaction/finish.ts';
import { formField, readForm } from '../../interaction/form.ts';
import { InteractionParams } from '../../interaction/params.ts';
import { postedInteraction } from '../../interaction/posted.ts';
import type { Interaction, InteractionDeps } from '../../interaction/types.ts';
import { attemptPasskey } from '../../passkeys/attempt.ts';
import {
  parseCredential,
  passkeyAmr,
  secondStepOptions,
  verifyAuthentication,
  type VerifiedUse,
} from '../../passkeys/ceremony.ts';
import { keepChallenge, takeChallenge } from '../../passkeys/challenges.ts';
import {
  accountCredentials,
  findPasskeyByCredentialId,
  passkeyUsed,
} from '../../passkeys/store.ts';
import { ACTION_PROMPT, actionOfAuthorization } from '../../second-factor/actions.ts';
import { ACR_SECOND_FACTOR, type LoginMethod } from '../../second-factor/amr.ts';
import { attemptCode } from '../../second-factor/attempt.ts';
import {
  needsSecondStep,
  secondStepMethods,
  type SecondStepMethods,
} from '../../second-factor/methods.ts';
import {
  clearedSecondStepCookie,
  pendingSecondStep,
  pendingSecondStepCookie,
} from '../../second-factor/pending.ts';
import { acceptTotpCode, useRecoveryCode } from '../../second-factor/store.ts';
import { recordSignInEntry, settleSignInEntry, type SignInMethod } from '../../sign-in-history.ts';
import { keptUserAgent } from '../../user-agent.ts';
import { rpOf } from '../passkeys/relying-party.ts';
import { completeSignIn } from '../sign-in/complete.ts';
import { refusal } from '../verified-action/confirm.ts';
import { pageContext, send } from './render.ts';
import {
  firstMode,
  offers,
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
type Holder =
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
    return account && pending
      ? { kind: 'sign-in', account, attemptId: pending.attemptId }
      : undefined;
  }
  const action = actionOfAuthorization(interaction.params, interaction.lastSubmission);
  if (interaction.prompt.name !== ACTION_PROMPT || action !== 'step-up') return undefined;
  const accountId = interaction.session?.accountId;
  const account = accountId ? await findAccountById(db, accountId) : undefined;
  return account ? { kind: 'step-up', account, afterSetup: false } : undefined;
}

async function sendStep(
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
    { accountId: account.id, attemptId },
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
async function postedStep(
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

const modeOf = (value: string): StepMode => STEP_MODES.find((mode) => mode === value) ?? 'totp';

const METHOD_OF_MODE: Record<StepMode, SignInMethod> = {
  totp: 'password+authenticator',
  recovery: 'password+recovery-code',
  passkey: 'password+passkey',
};

/** `amr` after the password and the second step's factor (RFC 8176), always with `mfa`. */
function loginAfter(proof: string): LoginMethod {
  return { amr: ['pwd', proof, 'mfa'], acr: ACR_SECOND_FACTOR };
}

/** A step-up's `amr`: the session's factors, the one proven now, and `mfa`. */
async function steppedUp(deps: InteractionDeps, interaction: Interaction, proof: string) {
  const uid = interaction.session?.uid;
  const session = uid ? await deps.provider().Session.findByUid(uid) : undefined;
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
async function passed(
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
async function refused(
  deps: InteractionDeps,
  request: FastifyRequest,
  holder: Holder,
  mode: StepMode,
): Promise<void> {
  const { account } = holder;
  deps.options.logger.info({ accountId: account.id, method: mode }, 'second step refused');
  if (holder.kind !== 'sign-in') return;
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

const ModeForm = z.object({ csrf: formField, mode: formField });

/** `POST …/second-factor/mode`: the page for another of the account's ways. */
export async function switchMode(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const form = readForm(ModeForm, request.body);
  const { interaction, holder, methods } = await postedStep(deps, request, reply, form.csrf);
  const asked = modeOf(form.mode);
  const mode = offers(methods, asked) ? asked : firstMode(methods);
  return sendStep(deps, request, reply, interaction, holder, { mode, methods });
}

const CodeForm = z.object({ csrf: formField, mode: formField, code: formField });

/**
 * `POST …/second-factor`: a code of the app or a recovery code, each usable once, throttled as
 * passwords are and counted for the account from all clients (issue 41, finding 2).
 */
export async function submitCode(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const { options } = deps;
  const form = readForm(CodeForm, request.body);
  const { interaction, holder, methods } = await postedStep(deps, request, reply, form.csrf);
  const { account } = holder;
  const mode = modeOf(form.mode) === 'recovery' ? 'recovery' : 'totp';
  const again = (status: number, problem: StepProblem, headers: Record<string, string> = {}) =>
    sendStep(
      deps,
      request,
      reply,
      interaction,
      holder,
      { mode, methods, status, problem },
      headers,
    );
  if (form.code.trim() === '') return again(400, { kind: 'missing-code' });
  const device = knownDevice(request, options.issuer, deps.secrets(), account.email);
  const outcome = await attemptCode(
    options,
    { account, clientAddress: request.ip, device },
    (db) =>
      mode === 'recovery'
        ? useRecoveryCode(db, options.secondFactor, account.id, form.code)
        : acceptTotpCode(db, options.secondFactor, account.id, form.code),
  );
  if (outcome.kind === 'accepted') {
    return passed(deps, request, reply, interaction, holder, { mode, amr: 'otp' });
  }
  if (outcome.kind === 'failed') await refused(deps, request, holder, mode);
  const { status, headers } = refusal(outcome);
  const problem: StepProblem =
    outcome.kind === 'throttled'
      ? outcome
      : {
          kind: mode === 'recovery' ? 'wrong-recovery-code' : 'wrong-code',
          waitSeconds: outcome.waitSeconds,
        };
  return again(status, problem, headers);
}

const CsrfForm = z.object({ csrf: formField });

/** `POST …/second-factor/passkey-options`: a ceremony for the account's own passkeys only. */
export async function passkeyStepOptions(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const form = readForm(CsrfForm, request.body);
  const { interaction, holder, methods } = await postedStep(deps, request, reply, form.csrf);
  if (!methods.passkeys) throw new PageError(400, 'expired');
  const credentials = await accountCredentials(deps.options.db, holder.account.id);
  const context = pageContext(deps, request, reply, interaction);
  const options = await secondStepOptions(rpOf(deps, context.locale), credentials);
  await keepChallenge(deps.options.db, {
    interactionUid: interaction.uid,
    ceremony: 'second-step',
    challenge: options.challenge,
    accountId: holder.account.id,
  });
  void reply.header('cache-control', 'no-store').send(options);
  return SENT;
}

const PasskeyForm = z.object({ csrf: formField, credential: formField });

/**
 * `POST …/second-factor/passkey`: the browser's assertion, checked against this interaction's
 * challenge for this account and one of the account's own passkeys (origin, rp id, signature,
 * counter). A passkey after the password is the second factor, with or without its PIN.
 */
export async function submitPasskey(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const { options } = deps;
  const form = readForm(PasskeyForm, request.body);
  const { interaction, holder, methods } = await postedStep(deps, request, reply, form.csrf);
  const { account } = holder;
  const kept = await takeChallenge(options.db, interaction.uid, 'second-step');
  const credential = parseCredential(form.credential);
  const device = knownDevice(request, options.issuer, deps.secrets(), account.email);
  const locale = pageContext(deps, request, reply, interaction).locale;
  const checked: { use?: VerifiedUse } = {};
  const outcome = await attemptPasskey(
    options,
    { account, clientAddress: request.ip, device },
    async (db) => {
      const passkey = credential ? await findPasskeyByCredentialId(db, credential.id) : undefined;
      if (!kept || kept.accountId !== account.id || !credential) return false;
      if (!passkey || passkey.accountId !== account.id) return false;
      const use = await verifyAuthentication(
        rpOf(deps, locale),
        credential,
        kept.challenge,
        passkey,
      );
      if (!use) return false;
      checked.use = use;
      await passkeyUsed(db, passkey.id, { counter: use.counter, backedUp: use.backedUp });
      return true;
    },
  );
  if (outcome.kind === 'accepted' && checked.use) {
    return passed(deps, request, reply, interaction, holder, {
      mode: 'passkey',
      amr: passkeyAmr(checked.use),
    });
  }
  if (outcome.kind === 'failed') await refused(deps, request, holder, 'passkey');
  const { status, headers } = refusal(
    outcome.kind === 'throttled' ? outcome : { kind: 'failed', waitSeconds: 0 },
  );
  const problem: StepProblem = outcome.kind === 'throttled' ? outcome : { kind: 'passkey-refused' };
  return sendStep(
    deps,
    request,
    reply,
    interaction,
    holder,
    { mode: 'passkey', methods, status, problem },
    headers,
  );
}
