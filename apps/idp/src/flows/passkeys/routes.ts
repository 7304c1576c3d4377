import { SENT, type Sent } from '../../app/sent.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findAccountById, type Account } from '../../accounts.ts';
import { PageError } from '../../app/error-page.ts';
import { knownDevice } from '../../device-cookie.ts';
import { messagesFor, type Locale } from '../../i18n/locale.ts';
import { finishInteraction } from '../../interaction/finish.ts';
import { formField, readForm } from '../../interaction/form.ts';
import { interactionLocale } from '../../interaction/locale.ts';
import { InteractionParams } from '../../interaction/params.ts';
import { interactionPosts } from '../../interaction/post-routes.ts';
import { postedInteraction } from '../../interaction/posted.ts';
import type { Interaction, InteractionDeps } from '../../interaction/types.ts';
import { themeOf } from '../../pages/look.ts';
import { attemptPasskey } from '../../passkeys/attempt.ts';
import {
  authenticationOptions,
  parseCredential,
  passkeyLogin,
  registrationOptions,
  relyingParty,
  userHandleOf,
  verifyAuthentication,
  verifyRegistration,
  type VerifiedUse,
} from '../../passkeys/ceremony.ts';
import { keepChallenge, takeChallenge } from '../../passkeys/challenges.ts';
import {
  accountCredentials,
  addPasskey,
  findAccountPasskey,
  findPasskeyByCredentialId,
  MAX_PASSKEY_NAME,
  passkeyUsed,
  removePasskey,
} from '../../passkeys/store.ts';
import {
  ACTION_PROMPT,
  actionOfAuthorization,
  type PpAction,
} from '../../second-factor/actions.ts';
import { hasConfirmedTotp } from '../../second-factor/store.ts';
import { recordFailedSignIn } from '../../sign-in-history.ts';
import { describeUserAgent, keptUserAgent } from '../../user-agent.ts';
import { actionNoticePage, type CodeProblem } from '../second-factor/pages.ts';
import { pageContext, send, type PageContext } from '../second-factor/render.ts';
import { completeSignIn } from '../sign-in/complete.ts';
import { confirmIdentity } from '../second-factor/confirm.ts';
import { returnOf, sendSignIn } from '../sign-in/render.ts';
import { addPasskeyPage, removePasskeyPage } from './pages.ts';

type PasskeyAction = Extract<PpAction, 'add-passkey' | 'remove-passkey'>;

export function isPasskeyAction(action: PpAction): action is PasskeyAction {
  return action === 'add-passkey' || action === 'remove-passkey';
}

function rpOf(deps: InteractionDeps, locale: Locale) {
  const { issuer, portalName } = deps.options;
  return relyingParty(issuer, portalName ?? messagesFor(locale).productName);
}

/** "Chrome unter Linux": the browser and system of the user agent, without versions. */
export function defaultPasskeyName(userAgent: string, locale: Locale): string {
  const t = messagesFor(locale).passkeys;
  const { browser, system } = describeUserAgent(userAgent);
  const name = browser.replace(/\s+\d+$/, '');
  const os = system.replace(/\s+\d+$/, '');
  const text = name && os ? t.defaultName(name, os) : name || os || t.fallbackName;
  return text.slice(0, MAX_PASSKEY_NAME);
}

const actionDone = (action: PasskeyAction, outcome: 'done' | 'cancelled' = 'done') => ({
  ppAction: { action, outcome },
});

// ————— the portal's actions: add and remove a passkey —————

async function sendAddPage(
  deps: InteractionDeps,
  reply: FastifyReply,
  context: PageContext,
  name: string,
  status = 200,
  problem?: 'missing-name' | 'failed',
) {
  const page = addPasskeyPage({ ...context, links: deps.options.links, name, problem });
  return send(reply, context, status, page);
}

async function sendRemovePage(
  deps: InteractionDeps,
  reply: FastifyReply,
  context: PageContext,
  account: Account,
  passkeyName: string,
  status = 200,
  problem?: CodeProblem,
  problemOf?: 'code' | 'password',
  headers: Record<string, string> = {},
) {
  const withCode = await hasConfirmedTotp(deps.options.db, account.id);
  const page = removePasskeyPage({
    ...context,
    links: deps.options.links,
    passkeyName,
    withCode,
    problem,
    problemOf,
  });
  return send(reply, context, status, page, headers);
}

const passkeyParam = (interaction: Interaction) => {
  const value = interaction.params['pp_passkey'];
  return typeof value === 'string' ? value : '';
};

/** `GET /interaction/:uid` of `pp_action=add-passkey` or `remove-passkey`: its first page. */
export async function showPasskeyAction(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  action: PasskeyAction,
  account: Account,
): Promise<Sent> {
  const context = pageContext(deps, request, reply, interaction);
  if (action === 'add-passkey') {
    const userAgent = keptUserAgent(request.headers['user-agent']);
    return sendAddPage(deps, reply, context, defaultPasskeyName(userAgent, context.locale));
  }
  const passkey = await findAccountPasskey(deps.options.db, account.id, passkeyParam(interaction));
  if (!passkey) {
    const t = messagesFor(context.locale).passkeys;
    const links = deps.options.links;
    const page = actionNoticePage({ ...context, links, title: t.notFoundTitle, text: t.notFound });
    return send(reply, context, 200, page);
  }
  return sendRemovePage(deps, reply, context, account, passkey.name);
}

/** The passkey action of a posted form's interaction, and its signed-in account. */
async function postedPasskeyAction(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  csrf: string,
  expected: PasskeyAction,
) {
  const { uid } = InteractionParams.parse(request.params);
  const interaction = await postedInteraction(deps, request, reply, uid, csrf);
  const action = actionOfAuthorization(interaction.params, interaction.lastSubmission);
  if (interaction.prompt.name !== ACTION_PROMPT || action !== expected) {
    throw new PageError(400, 'expired');
  }
  const accountId = interaction.session?.accountId;
  const account = accountId ? await findAccountById(deps.options.db, accountId) : undefined;
  if (!account) throw new PageError(400, 'expired');
  return { interaction, account, context: pageContext(deps, request, reply, interaction) };
}

const CsrfForm = z.object({ csrf: formField });

/** `POST …/passkey/register-options`: the registration's options; its challenge is kept. */
async function registerOptions(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const form = readForm(CsrfForm, request.body);
  const { interaction, account, context } = await postedPasskeyAction(
    deps,
    request,
    reply,
    form.csrf,
    'add-passkey',
  );
  const existing = await accountCredentials(deps.options.db, account.id);
  const options = await registrationOptions(rpOf(deps, context.locale), account, existing);
  await keepChallenge(deps.options.db, {
    interactionUid: interaction.uid,
    ceremony: 'register',
    challenge: options.challenge,
    accountId: account.id,
  });
  void reply.header('cache-control', 'no-store').send(options);
  return SENT;
}

const RegisterForm = z.object({ csrf: formField, name: formField, credential: formField });

/**
 * `POST …/passkey/register`: the browser's new credential, checked against the challenge kept
 * for this interaction and account (used once), stored under the name; back to the portal.
 */
async function register(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const { options } = deps;
  const form = readForm(RegisterForm, request.body);
  const { interaction, account, context } = await postedPasskeyAction(
    deps,
    request,
    reply,
    form.csrf,
    'add-passkey',
  );
  const name = form.name.trim();
  if (name === '' || name.length > MAX_PASSKEY_NAME) {
    return sendAddPage(deps, reply, context, name.slice(0, MAX_PASSKEY_NAME), 400, 'missing-name');
  }
  const kept = await takeChallenge(options.db, interaction.uid, 'register');
  const credential = parseCredential(form.credential);
  const registered =
    kept && kept.accountId === account.id && credential
      ? await verifyRegistration(rpOf(deps, context.locale), credential, kept.challenge)
      : undefined;
  const added =
    registered !== undefined &&
    (await addPasskey(options.db, { accountId: account.id, name, ...registered }));
  if (!added) {
    options.logger.info({ accountId: account.id }, 'passkey registration refused');
    return sendAddPage(deps, reply, context, name, 400, 'failed');
  }
  options.logger.info({ accountId: account.id }, 'passkey added');
  return finishInteraction(deps, request, reply, actionDone('add-passkey'), true);
}

const RemoveForm = z.object({
  csrf: formField,
  method: formField,
  code: formField,
  password: formField,
});

/**
 * `POST …/passkey/remove`: the password or a current code first (as removing the authenticator
 * app, throttled the same way), then the passkey is removed; back to the portal.
 */
async function remove(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const { options } = deps;
  const form = readForm(RemoveForm, request.body);
  const { interaction, account, context } = await postedPasskeyAction(
    deps,
    request,
    reply,
    form.csrf,
    'remove-passkey',
  );
  const passkey = await findAccountPasskey(options.db, account.id, passkeyParam(interaction));
  if (!passkey) throw new PageError(400, 'expired');
  const confirmation = await confirmIdentity(deps, request, account, form);
  if (confirmation.kind === 'refused') {
    options.logger.info({ accountId: account.id }, 'passkey removal: confirmation refused');
    const { status, problem, confirmedWith, headers } = confirmation;
    return sendRemovePage(
      deps,
      reply,
      context,
      account,
      passkey.name,
      status,
      problem,
      confirmedWith,
      headers,
    );
  }
  await removePasskey(options.db, account.id, passkey.id);
  options.logger.info({ accountId: account.id }, 'passkey removed');
  return finishInteraction(deps, request, reply, actionDone('remove-passkey'), true);
}

// ————— signing in with a passkey —————

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
async function signInOptions(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
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
async function signIn(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
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
    { accountId: account?.id, clientAddress: request.ip, device },
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

export function passkeyRoutes(app: FastifyInstance, deps: InteractionDeps): void {
  interactionPosts(app, deps, [
    ['passkey/options', signInOptions],
    ['passkey/sign-in', signIn],
    ['passkey/register-options', registerOptions],
    ['passkey/register', register],
    ['passkey/remove', remove],
  ]);
}
