import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Sent } from '../app/sent.ts';
import { knownDevice } from '../sessions/device-cookie.ts';
import { formField, readForm } from '../interaction/form.ts';
import type { InteractionDeps } from '../interaction/types.ts';
import { attemptCode } from './attempt.ts';
import { acceptTotpCode, useRecoveryCode } from './store.ts';
import { refusal } from '../verified-action/confirm.ts';
import { firstMode, offers, type StepProblem } from './second-step-page.ts';
import { modeOf, passed, postedStep, refused, sendStep } from './second-step.ts';

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
