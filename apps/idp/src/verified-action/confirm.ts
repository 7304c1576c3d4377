import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Account } from '../accounts/accounts.ts';
import { knownDevice } from '../sessions/device-cookie.ts';
import { formField } from '../interaction/form.ts';
import type { Interaction, InteractionDeps } from '../interaction/types.ts';
import { attemptCode } from '../second-factor/attempt.ts';
import { acceptTotpCode } from '../second-factor/store.ts';
import { attemptSignIn } from '../sign-in/sign-in-attempt.ts';
import type { CodeProblem } from '../second-factor/pages.ts';
import { isVerified, verifiedCookie } from './verified.ts';

/** What a page that asks "your password or a current code" posts. */
export interface ConfirmationForm {
  method: string;
  code: string;
  password: string;
}

/** What the person confirmed with, for the page's error: beside the password or the code. */
export type ConfirmedWith = 'password' | 'code';

export type Confirmation =
  | { kind: 'confirmed'; confirmedWith: ConfirmedWith }
  | {
      kind: 'refused';
      confirmedWith: ConfirmedWith;
      status: number;
      problem: CodeProblem;
      headers: Record<string, string>;
    };

/** Statuses and headers of a password or code that was not accepted. */
export function refusal(outcome: { kind: 'throttled' | 'failed'; waitSeconds: number }): {
  status: number;
  headers: Record<string, string>;
} {
  return outcome.kind === 'throttled'
    ? { status: 429, headers: { 'retry-after': String(outcome.waitSeconds) } }
    : { status: 401, headers: {} };
}

/**
 * The password or a current code of the authenticator app, before an action that changes the
 * account's second factors (issue 41, finding 3): checked and throttled as a sign-in is
 * (decisions 0051, 0064), so a left-open session cannot do it without them.
 */
export async function confirmIdentity(
  deps: InteractionDeps,
  request: FastifyRequest,
  account: Account,
  form: ConfirmationForm,
): Promise<Confirmation> {
  const { options } = deps;
  const byPassword = form.method === 'password';
  const confirmedWith: ConfirmedWith = byPassword ? 'password' : 'code';
  const typed = byPassword ? form.password : form.code;
  if (typed.trim() === '' || typed.length > 1024) {
    const problem: CodeProblem = { kind: byPassword ? 'missing-password' : 'missing-code' };
    return { kind: 'refused', confirmedWith, status: 400, problem, headers: {} };
  }
  const device = knownDevice(request, options.issuer, deps.secrets(), account.email);
  const client = { clientAddress: request.ip, device };
  const outcome = byPassword
    ? await attemptSignIn(options, { email: account.email, password: typed, ...client })
    : await attemptCode(options, { account, ...client }, (db) =>
        acceptTotpCode(db, options.secondFactor, account.id, typed),
      );
  if (outcome.kind !== 'throttled' && outcome.kind !== 'failed') {
    return { kind: 'confirmed', confirmedWith };
  }
  const problem: CodeProblem =
    outcome.kind === 'throttled'
      ? outcome
      : { kind: byPassword ? 'wrong-password' : 'wrong-code', waitSeconds: outcome.waitSeconds };
  return { kind: 'refused', confirmedWith, problem, ...refusal(outcome) };
}

export const ProofForm = z.object({
  csrf: formField,
  method: formField,
  code: formField,
  password: formField,
});

/**
 * Whether a post of a verified action may act (issue 41, finding 3): proven within the last five
 * minutes (verified.ts), or by the form's password or code now — which then holds for the rest
 * of the action's interaction. A form without a proof after the five minutes have passed asks
 * for the password.
 */
export async function proveForAction(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  account: Account,
  form: ConfirmationForm,
): Promise<Confirmation> {
  if (await isVerified(deps, request, reply, interaction, account)) {
    return { kind: 'confirmed', confirmedWith: 'password' };
  }
  if (form.method === 'verified') {
    const problem: CodeProblem = { kind: 'missing-password' };
    return { kind: 'refused', confirmedWith: 'password', status: 400, problem, headers: {} };
  }
  const confirmation = await confirmIdentity(deps, request, account, form);
  if (confirmation.kind === 'confirmed') {
    void reply.header('set-cookie', verifiedCookie(deps, interaction.uid, account.id));
  } else {
    deps.options.logger.info({ accountId: account.id }, 'account action: confirmation refused');
  }
  return confirmation;
}
