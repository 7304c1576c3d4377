import type { Sent } from '../app/sent.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PageError } from '../app/error-page.ts';
import { knownDevice } from '../sessions/device-cookie.ts';
import { issueFormToken } from '../forms/form-token.ts';
import { formField, readForm } from '../interaction/form.ts';
import { interactionLocale } from '../interaction/locale.ts';
import { InteractionParams } from '../interaction/params.ts';
import { postedInteraction } from '../interaction/posted.ts';
import type { InteractionDeps } from '../interaction/types.ts';
import { attemptSignIn } from './sign-in-attempt.ts';
import { PASSWORD_ONLY } from './amr.ts';
import { afterPassword } from '../second-factor/second-step.ts';
import { recordFailedSignIn } from '../sessions/sign-in-history.ts';
import { themeOf } from '../pages/look.ts';
import { keptUserAgent } from '../sessions/user-agent.ts';
import { MAX_EMAIL, returnOf, sendSignIn } from './render.ts';

const MAX_PASSWORD = 1024;

const SignInForm = z.object({ csrf: formField, email: formField, password: formField });

/**
 * `POST /interaction/:uid/login`: checks the credentials and counts a failure for the account
 * from this client and for the client address (Fastify's `request.ip`, decision 0016) — a
 * browser that signed in to the account before counts as a client of its own (decision 0051). A
 * success finishes the interaction (complete.ts: recorded, the browser marked as known) — or,
 * for an account with a second factor, asks for it first (second-step.ts, decision 0064); a wrong
 * password is recorded in the account's history; otherwise the form comes back with the problem.
 */
export async function submitSignIn(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const { options } = deps;
  const { uid } = InteractionParams.parse(request.params);
  const form = readForm(SignInForm, request.body);
  const interaction = await postedInteraction(deps, request, reply, uid, form.csrf);
  if (interaction.prompt.name !== 'login') throw new PageError(400, 'expired');

  const email = form.email.trim();
  const { password } = form;
  const page = {
    locale: interactionLocale(request, interaction),
    uid,
    email: email.slice(0, MAX_EMAIL),
    theme: themeOf(interaction.params['pp_theme']),
    returnTo: returnOf(deps, interaction),
  };
  if (!email || !password || email.length > MAX_EMAIL || password.length > MAX_PASSWORD) {
    return sendSignIn(deps, reply, { ...page, status: 400, problem: { kind: 'missing-fields' } });
  }
  const device = knownDevice(request, options.issuer, deps.secrets(), email);
  const attempt = { email, password, clientAddress: request.ip, device };
  const outcome = await attemptSignIn(options, attempt);
  if (outcome.kind === 'throttled') {
    const { waitSeconds } = outcome;
    return sendSignIn(deps, reply, {
      ...page,
      status: 429,
      problem: { kind: 'throttled', waitSeconds },
      headers: { 'retry-after': String(waitSeconds) },
    });
  }
  if (outcome.kind === 'failed') {
    options.logger.info({ waitSeconds: outcome.waitSeconds }, 'sign-in failed');
    options.signInEvents?.signIn('password', 'failure');
    const userAgent = keptUserAgent(request.headers['user-agent']);
    await recordFailedSignIn(options.db, { email, userAgent, device });
    return sendSignIn(deps, reply, {
      ...page,
      status: 401,
      problem: { kind: 'invalid-credentials', waitSeconds: outcome.waitSeconds },
    });
  }
  if (outcome.kind === 'unverified') {
    options.logger.info(
      { accountId: outcome.account.id },
      'sign-in refused: address not confirmed',
    );
    const resend = { email, csrfToken: issueFormToken(deps, request, reply) };
    return sendSignIn(deps, reply, {
      ...page,
      status: 403,
      problem: { kind: 'unverified', resend },
    });
  }
  const signIn = { account: outcome.account, login: PASSWORD_ONLY, device };
  return afterPassword(deps, request, reply, interaction, signIn);
}
