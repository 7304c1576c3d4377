import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Account } from '../accounts/accounts.ts';
import { PageError } from '../app/error-page.ts';
import { SENT, type Sent } from '../app/sent.ts';
import { messagesFor, type Locale } from '../i18n/locale.ts';
import { finishInteraction } from '../interaction/finish.ts';
import { formField, readForm } from '../interaction/form.ts';
import type { Interaction, InteractionDeps } from '../interaction/types.ts';
import { parseCredential, registrationOptions, verifyRegistration } from './ceremony.ts';
import { keepChallenge, takeChallenge } from './challenges.ts';
import {
  accountCredentials,
  addPasskey,
  findAccountPasskey,
  MAX_PASSKEY_NAME,
  removePasskey,
} from './store.ts';
import type { PpAction } from '../interaction/account-actions.ts';
import { hasConfirmedTotp } from '../second-factor/store.ts';
import { endOtherAccountSessions } from '../sessions/account-security.ts';
import { noticeSecondFactorChange } from '../sessions/security-notices.ts';
import { describeUserAgent, keptUserAgent } from '../sessions/user-agent.ts';
import { actionNoticePage } from '../second-factor/pages.ts';
import { pageContext, send, type PageContext } from '../interaction/page-context.ts';
import { proveForAction, ProofForm } from '../verified-action/confirm.ts';
import { verifiedActionPage } from '../verified-action/page.ts';
import { isVerified } from '../verified-action/verified.ts';
import { sendVerifyFirst, type Refused } from '../verified-action/verify-first.ts';
import { addPasskeyPage } from './pages.ts';
import { rpOf } from './relying-party.ts';
import { actionDone, postedAction } from '../interaction/posted-action.ts';
type PasskeyAction = Extract<PpAction, 'add-passkey' | 'remove-passkey'>;

export function isPasskeyAction(action: PpAction): action is PasskeyAction {
  return action === 'add-passkey' || action === 'remove-passkey';
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

function sendAddPage(
  deps: InteractionDeps,
  reply: FastifyReply,
  context: PageContext,
  name: string,
  status = 200,
  problem?: 'missing-name' | 'failed',
): Sent {
  const page = addPasskeyPage({ ...context, links: deps.options.links, name, problem });
  return send(reply, context, status, page);
}

async function sendRemovePage(
  deps: InteractionDeps,
  reply: FastifyReply,
  context: PageContext,
  account: Account,
  passkeyName: string,
  verified: boolean,
  status = 200,
  refused?: Refused,
): Promise<Sent> {
  const t = messagesFor(context.locale).passkeys;
  const page = verifiedActionPage({
    ...context,
    links: deps.options.links,
    title: t.removeTitle,
    intro: t.removeIntro(passkeyName),
    action: 'passkey/remove',
    submit: t.removeSubmit,
    withCode: await hasConfirmedTotp(deps.options.db, account.id),
    verified,
    problem: refused?.problem,
    problemOf: refused?.problemOf,
  });
  return send(reply, context, status, page, refused?.headers ?? {});
}

const passkeyParam = (interaction: Interaction) => {
  const value = interaction.params['pp_passkey'];
  return typeof value === 'string' ? value : '';
};

/**
 * `GET /interaction/:uid` of `pp_action=add-passkey` or `remove-passkey`: its first page, after
 * the password or a code unless proven within five minutes (issue 41, finding 3).
 */
export async function showPasskeyAction(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  action: PasskeyAction,
  account: Account,
): Promise<Sent> {
  const context = pageContext(deps, request, reply, interaction);
  const verified = await isVerified(deps, request, reply, interaction, account);
  if (action === 'add-passkey') {
    if (!verified) return sendVerifyFirst(deps, reply, context, account);
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
  return sendRemovePage(deps, reply, context, account, passkey.name, verified);
}

/** Adding needs the proof at every step: a registration's options reveal nothing, but count. */
async function postedAdd(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  csrf: string,
) {
  const posted = await postedAction(deps, request, reply, csrf, 'add-passkey');
  const { interaction, account } = posted;
  if (!(await isVerified(deps, request, reply, interaction, account))) {
    throw new PageError(403, 'forbidden');
  }
  return posted;
}

const CsrfForm = z.object({ csrf: formField });

/** `POST …/passkey/register-options`: the registration's options; its challenge is kept. */
export async function registerOptions(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const form = readForm(CsrfForm, request.body);
  const { interaction, account, context } = await postedAdd(deps, request, reply, form.csrf);
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
 * for this interaction and account (used once), stored under the name; the owner is told; back
 * to the portal. The session's `amr` stays: adding a factor proves nothing (issue 41).
 */
export async function register(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const { options } = deps;
  const form = readForm(RegisterForm, request.body);
  const { interaction, account, context } = await postedAdd(deps, request, reply, form.csrf);
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
  const userAgent = keptUserAgent(request.headers['user-agent']);
  await endOtherAccountSessions(options.db, account.id, {
    sessionUid: interaction.session?.uid,
    interactionUid: interaction.uid,
  });
  const notice = { change: 'passkey-added', userAgent, passkeyName: name } as const;
  await noticeSecondFactorChange(options, account, notice);
  return finishInteraction(deps, request, reply, actionDone('add-passkey'), true);
}

/**
 * `POST …/passkey/remove`: the password or a current code first unless proven within five
 * minutes (as removing the app), then the passkey is removed and the owner told; back to the
 * portal.
 */
export async function remove(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const { options } = deps;
  const form = readForm(ProofForm, request.body);
  const { interaction, account, context } = await postedAction(
    deps,
    request,
    reply,
    form.csrf,
    'remove-passkey',
  );
  const passkey = await findAccountPasskey(options.db, account.id, passkeyParam(interaction));
  if (!passkey) throw new PageError(400, 'expired');
  const proof = await proveForAction(deps, request, reply, interaction, account, form);
  if (proof.kind === 'refused') {
    const { status, problem, confirmedWith, headers } = proof;
    return sendRemovePage(deps, reply, context, account, passkey.name, false, status, {
      problem,
      problemOf: confirmedWith,
      headers,
    });
  }
  await removePasskey(options.db, account.id, passkey.id);
  options.logger.info({ accountId: account.id }, 'passkey removed');
  const userAgent = keptUserAgent(request.headers['user-agent']);
  const notice = { change: 'passkey-removed', userAgent, passkeyName: passkey.name } as const;
  await noticeSecondFactorChange(options, account, notice);
  return finishInteraction(deps, request, reply, actionDone('remove-passkey'), true);
}
