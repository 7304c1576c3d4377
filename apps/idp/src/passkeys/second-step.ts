import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PageError } from '../app/error-page.ts';
import { SENT, type Sent } from '../app/sent.ts';
import { knownDevice } from '../sessions/device-cookie.ts';
import { formField, readForm } from '../interaction/form.ts';
import type { Interaction, InteractionDeps } from '../interaction/types.ts';
import { attemptPasskey } from './attempt.ts';
import {
  parseCredential,
  passkeyAmr,
  secondStepOptions,
  verifyAuthentication,
  type VerifiedUse,
} from './ceremony.ts';
import { keepChallenge, takeChallenge } from './challenges.ts';
import { accountCredentials, findPasskeyByCredentialId, passkeyUsed } from './store.ts';
import { rpOf } from './relying-party.ts';
import { refusal } from '../verified-action/confirm.ts';
import { pageContext } from '../interaction/page-context.ts';
import type { StepProblem } from '../second-factor/second-step-page.ts';
import {
  passed,
  postedStep,
  refused,
  sendStep,
  sessionFactors,
  type Holder,
} from '../second-factor/second-step.ts';

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
/**
 * Whether the passkey adds a second factor: after the password always; in a step-up only if the
 * session began with the password, or the passkey was used with its PIN or biometrics (two
 * factors by itself).
 */
async function secondFactorOf(
  deps: InteractionDeps,
  interaction: Interaction,
  holder: Holder,
  use: VerifiedUse,
): Promise<boolean> {
  if (holder.kind === 'sign-in' || use.userVerified) return true;
  return (await sessionFactors(deps, interaction)).includes('pwd');
}

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
  const use = checked.use;
  if (
    outcome.kind === 'accepted' &&
    use &&
    !(await secondFactorOf(deps, interaction, holder, use))
  ) {
    // A passkey without its PIN is possession only: after a session that a passkey opened
    // without the password, it proves nothing new (issue 41, outside probe).
    const problem: StepProblem = { kind: 'passkey-needs-verification' };
    return sendStep(deps, request, reply, interaction, holder, {
      mode: 'passkey',
      methods,
      status: 401,
      problem,
    });
  }
  if (outcome.kind === 'accepted' && use) {
    return passed(deps, request, reply, interaction, holder, {
      mode: 'passkey',
      amr: passkeyAmr(use),
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
