import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Account } from '../accounts/accounts.ts';
import { PageError } from '../app/error-page.ts';
import type { Sent } from '../app/sent.ts';
import { knownDevice } from '../sessions/device-cookie.ts';
import { endOtherAccountSessions } from '../sessions/account-security.ts';
import { messagesFor, type Locale } from '../i18n/locale.ts';
import { otherLocale, withLook, withOtherLanguage } from '../pages/look.ts';
import { formField, readForm } from '../interaction/form.ts';
import type { Interaction, InteractionDeps } from '../interaction/types.ts';
import { requiredActionOf } from '../interaction/account-actions.ts';
import { attemptCode } from './attempt.ts';
import { acceptTotpCode, pendingTotpSetup, replaceRecoveryCodes, startTotpSetup } from './store.ts';
import { noticeSecondFactorChange } from '../sessions/security-notices.ts';
import { keptUserAgent } from '../sessions/user-agent.ts';
import { refusal } from '../verified-action/confirm.ts';
import { sendVerifyFirst } from '../verified-action/verify-first.ts';
import { isVerified } from '../verified-action/verified.ts';
import { recoveryCodesPage, setupPage, type CodeProblem } from './pages.ts';
import { pageContext, send, type PageContext } from '../interaction/page-context.ts';
import { actionDone, postedAction } from '../interaction/posted-action.ts';

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

/**
 * The app's setup, for `configure-totp` and for a step-up of an account without any second
 * factor; the password or a code first unless proven within five minutes.
 */
export async function showSetup(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  account: Account,
): Promise<Sent> {
  const context = pageContext(deps, request, reply, interaction);
  if (!(await isVerified(deps, request, reply, interaction, account))) {
    return sendVerifyFirst(deps, reply, context, account);
  }
  return sendSetup(deps, reply, context, account, interaction);
}

const ConfirmForm = z.object({ csrf: formField, code: formField });

/**
 * `POST …/totp/confirm`: the first code from the app confirms the setup; then the ten recovery
 * codes are shown once. The session's `amr` stays as it was — setting a factor up proves
 * nothing (issue 41) — so "Weiter" goes back to the portal, or, for a step-up, on to sign in
 * with the new app.
 */
export async function confirmSetup(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { options } = deps;
  const form = readForm(ConfirmForm, request.body);
  const { interaction, action, account, context } = await postedAction(
    deps,
    request,
    reply,
    form.csrf,
  );
  if (action !== 'configure-totp' && action !== 'step-up') throw new PageError(400, 'expired');
  if (!(await isVerified(deps, request, reply, interaction, account))) {
    return sendVerifyFirst(deps, reply, context, account, 403);
  }
  if (form.code.trim() === '') {
    return sendSetup(deps, reply, context, account, interaction, 400, { kind: 'missing-code' });
  }
  const device = knownDevice(request, options.issuer, deps.secrets(), account.email);
  const outcome = await attemptCode(options, { account, clientAddress: request.ip, device }, (db) =>
    acceptTotpCode(db, options.secondFactor, account.id, form.code, true),
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
  const userAgent = keptUserAgent(request.headers['user-agent']);
  await endOtherAccountSessions(options.db, account.id, {
    sessionUid: interaction.session?.uid,
    interactionUid: interaction.uid,
  });
  await noticeSecondFactorChange(options, account, { change: 'app-added', userAgent });
  const continueHref =
    action === 'step-up'
      ? `${context.base}?after=setup`
      : await deps.provider().interactionResult(request.raw, reply.raw, actionDone(action), {
          mergeWithLastSubmission: true,
        });
  return sendCodes(reply, context, (locale) => {
    const t = messagesFor(locale).secondFactor;
    return recoveryCodesPage({
      locale,
      links: options.links,
      email: account.email,
      codes,
      lead: t.setupDone,
      continueHref,
      ...(action === 'step-up' ? { continueLabel: t.continueToCode } : {}),
    });
  });
}

/**
 * The codes' page: loading it again would not show the codes again, so its language switch
 * shows the page's other language, which it carries, without a request (issue 43).
 */
export function sendCodes(
  reply: FastifyReply,
  context: PageContext,
  render: (locale: Locale) => string,
): Sent {
  const look = { ...context.look, languageSwitch: { kind: 'script' } as const };
  const page = withOtherLanguage(
    withLook(render(context.locale), look),
    withLook(render(otherLocale(context.locale)), look),
  );
  return send(
    reply,
    { ...context, look: { ...context.look, languageSwitch: undefined } },
    200,
    page,
  );
}
