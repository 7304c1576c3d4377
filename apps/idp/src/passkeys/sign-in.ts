import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findAccountById } from '../accounts/accounts.ts';
import { PageError } from '../app/error-page.ts';
import { SENT, type Sent } from '../app/sent.ts';
import { knownDevice } from '../sessions/device-cookie.ts';
import { formField, readForm } from '../interaction/form.ts';
import { interactionLocale } from '../interaction/locale.ts';
import { InteractionParams } from '../interaction/params.ts';
import { postedInteraction } from '../interaction/posted.ts';
import type { InteractionDeps } from '../interaction/types.ts';
import { themeOf } from '../pages/look.ts';
import { attemptPasskey } from './attempt.ts';
import {
  authenticationOptions,
  parseCredential,
  passkeyLogin,
  userHandleOf,
  verifyAuthentication,
  type VerifiedUse,
} from './ceremony.ts';
import { keepChallenge, takeChallenge } from './challenges.ts';
import { findPasskeyByCredentialId, passkeyUsed } from './store.ts';
import { hasConfirmedTotp } from '../second-factor/store.ts';
import { recordFailedSignIn } from '../sessions/sign-in-history.ts';
import { keptUserAgent } from '../sessions/user-agent.ts';
import { completeSignIn } from '../sign-in/complete.ts';
import { returnOf, sendSignIn } from '../sign-in/render.ts';
import { rpOf } from './relying-party.ts';

const CsrfForm = z.object({ csrf: formField });

async function signInInteraction(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  csrf: string,
) {
  const { uid } = InteractionParams.parse(request.params);
  const interaction = await postedInteraction(deps, request, reply, uid, csrf);
  if (interaction.prompt.name !== 'login') throw new PageError(400, 'expired');
  return interaction;
}

/** `POST …/passkey/options`: the sign-in's options (no credentials named: discoverable ones). */
export async function signInOptions(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const form = readForm(CsrfForm, request.body);
  const interaction = await signInInteraction(deps, request, reply, form.csrf);
  const locale = interactionLocale(request, interaction);
  const options = await authenticationOptions(rpOf(deps, locale));
  await keepChallenge(deps.options.db, {
    interactionUid: interaction.uid,
    ceremony: 'authenticate',
    challenge: options.challenge,
  });
  void reply.header('cache-control', 'no-store').send(options);
  return SENT;
}

const SignInForm = z.object({ csrf: formField, credential: formField });

/**
 * `POST …/passkey/sign-in`: the browser's assertion, checked against the challenge kept for this
 * interaction (used once) and the stored passkey (signature, origin, rp id, counter), throttled
 * as passwords are. Accepted, the sign-in finishes with `amr` `hwk`/`swk` (and `mfa` with user
 * verification, which also stands for the account's second factor); refused, it is recorded in
 * the account's history where the passkey names one.
 */
export async function signIn(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const { options } = deps;
  const form = readForm(SignInForm, request.body);
  const interaction = await signInInteraction(deps, request, reply, form.csrf);
  const locale = interactionLocale(request, interaction);
  const page = {
    locale,
    uid: interaction.uid,
    email: '',
    theme: themeOf(interaction.params['pp_theme']),
    returnTo: returnOf(deps, interaction),
  };
  const kept = await takeChallenge(options.db, interaction.uid, 'authenticate');
  const credential = parseCredential(form.credential);
  const passkey = credential
    ? await findPasskeyByCredentialId(options.db, credential.id)
    : undefined;
  const found = passkey ? await findAccountById(options.db, passkey.accountId) : undefined;
  const account = found?.emailVerified ? found : undefined;
  const device = account
    ? knownDevice(request, options.issuer, deps.secrets(), account.email)
    : undefined;
  const checked: { use?: VerifiedUse } = {};
  const outcome = await attemptPasskey(
    options,
    { account, clientAddress: request.ip, device },
    async (db) => {
      if (!kept || !credential || !passkey || !account) return false;
      const handle = credential.response['userHandle'];
      if (
        handle !== undefined &&
        handle !== Buffer.from(userHandleOf(account.id)).toString('base64url')
      ) {
        return false;
      }
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
  if (outcome.kind === 'throttled') {
    const { waitSeconds } = outcome;
    return sendSignIn(deps, reply, {
      ...page,
      status: 429,
      problem: { kind: 'throttled', waitSeconds },
      headers: { 'retry-after': String(waitSeconds) },
    });
  }
  const verified = checked.use;
  if (outcome.kind === 'failed' || !verified || !account) {
    options.logger.info({ accountId: account?.id }, 'passkey sign-in refused');
    options.signInEvents?.signIn('passkey', 'failure');
    if (account) {
      const userAgent = keptUserAgent(request.headers['user-agent']);
      await recordFailedSignIn(options.db, {
        email: account.email,
        userAgent,
        device,
        method: 'passkey',
      });
    }
    return sendSignIn(deps, reply, {
      ...page,
      status: 401,
      problem: { kind: 'passkey-refused' },
    });
  }
  if (!verified.userVerified && (await hasConfirmedTotp(options.db, account.id))) {
    // One factor only (possession): an account with a second factor is not signed in by it.
    options.logger.info({ accountId: account.id }, 'passkey without user verification refused');
    options.signInEvents?.signIn('passkey', 'failure');
    const userAgent = keptUserAgent(request.headers['user-agent']);
    const failure = { email: account.email, userAgent, device, method: 'passkey' } as const;
    await recordFailedSignIn(options.db, failure);
    return sendSignIn(deps, reply, {
      ...page,
      status: 401,
      problem: { kind: 'passkey-needs-verification' },
    });
  }
  return completeSignIn(deps, request, reply, {
    account,
    login: passkeyLogin(verified),
    method: 'passkey',
    message: 'signed in with a passkey',
  });
}
