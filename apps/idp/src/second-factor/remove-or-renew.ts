import type { FastifyReply, FastifyRequest } from 'fastify';
import { PageError } from '../app/error-page.ts';
import { messagesFor } from '../i18n/locale.ts';
import { finishInteraction } from '../interaction/finish.ts';
import { readForm } from '../interaction/form.ts';
import type { Interaction, InteractionDeps } from '../interaction/types.ts';
import { ACR_PASSWORD, ACR_SECOND_FACTOR } from '../sign-in/amr.ts';
import { hasConfirmedTotp, removeSecondFactor, replaceRecoveryCodes } from './store.ts';
import { noticeSecondFactorChange } from '../sessions/security-notices.ts';
import { keptUserAgent } from '../sessions/user-agent.ts';
import { proveForAction, ProofForm } from '../verified-action/confirm.ts';
import { verifiedActionPage } from '../verified-action/page.ts';
import { recoveryCodesPage, type CodeProblem } from './pages.ts';
import { send, type PageContext } from '../interaction/page-context.ts';
import { actionDone, postedAction } from '../interaction/posted-action.ts';
import { sendCodes } from './setup.ts';

/**
 * The session's login without the app's code, after the app is removed: a session that proved
 * the app at its sign-in no longer has it; any other factor it proved stays.
 */
async function withoutApp(deps: InteractionDeps, interaction: Interaction) {
  const uid = interaction.session?.uid;
  const session = uid ? await deps.provider().Session.findByUid(uid) : undefined;
  const amr = session?.amr ?? ['pwd'];
  if (!amr.includes('otp')) return undefined;
  const factors = amr.filter((value) => value !== 'otp' && value !== 'mfa');
  const mfa = factors.length > 1 || factors.some((value) => value === 'hwk' || value === 'swk');
  return {
    accountId: interaction.session?.accountId ?? '',
    amr: mfa ? [...factors, 'mfa'] : factors,
    acr: mfa ? ACR_SECOND_FACTOR : ACR_PASSWORD,
    ...(session?.loginTs ? { ts: session.loginTs } : {}),
  };
}

/** Removing the app or renewing the recovery codes: the page of the verified action. */
export async function sendRemoveOrRenew(
  deps: InteractionDeps,
  reply: FastifyReply,
  context: PageContext,
  action: 'remove-totp' | 'new-recovery-codes',
  verified: boolean,
  status = 200,
  refused?: {
    problem: CodeProblem;
    problemOf: 'code' | 'password';
    headers: Record<string, string>;
  },
) {
  const t = messagesFor(context.locale).secondFactor;
  const remove = action === 'remove-totp';
  const page = verifiedActionPage({
    ...context,
    links: deps.options.links,
    title: remove ? t.removeTitle : t.newCodesTitle,
    intro: remove ? t.removeIntro : t.newCodesIntro,
    action: 'action/verify',
    submit: remove ? t.removeSubmit : t.newCodesSubmit,
    withCode: true,
    verified,
    problem: refused?.problem,
    problemOf: refused?.problemOf,
  });
  return send(reply, context, status, page, refused?.headers ?? {});
}

/**
 * `POST …/action/verify`: removing the app and the recovery codes, or new recovery codes (shown
 * once), after the password or a current code — or at once when proven within five minutes.
 */
export async function verifyAction(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { options } = deps;
  const form = readForm(ProofForm, request.body);
  const { interaction, action, account, context } = await postedAction(
    deps,
    request,
    reply,
    form.csrf,
  );
  if (action !== 'remove-totp' && action !== 'new-recovery-codes') {
    throw new PageError(400, 'expired');
  }
  // Only for an account with an app: its page says so, and a post straight here changes nothing.
  if (!(await hasConfirmedTotp(options.db, account.id))) throw new PageError(400, 'expired');
  const proof = await proveForAction(deps, request, reply, interaction, account, form);
  if (proof.kind === 'refused') {
    const { status, problem, confirmedWith, headers } = proof;
    return sendRemoveOrRenew(deps, reply, context, action, false, status, {
      problem,
      problemOf: confirmedWith,
      headers,
    });
  }
  const userAgent = keptUserAgent(request.headers['user-agent']);
  if (action === 'remove-totp') {
    await removeSecondFactor(options.db, account.id);
    options.logger.info({ accountId: account.id }, 'authenticator app removed');
    await noticeSecondFactorChange(options, account, { change: 'app-removed', userAgent });
    const login = await withoutApp(deps, interaction);
    const result = { ...(login ? { login } : {}), ...actionDone(action) };
    return finishInteraction(deps, request, reply, result, true);
  }
  const codes = await replaceRecoveryCodes(options.db, options.secondFactor, account.id);
  options.logger.info({ accountId: account.id }, 'new recovery codes made');
  await noticeSecondFactorChange(options, account, { change: 'recovery-codes-renewed', userAgent });
  const continueHref = await deps
    .provider()
    .interactionResult(request.raw, reply.raw, actionDone(action), {
      mergeWithLastSubmission: true,
    });
  return sendCodes(reply, context, (locale) =>
    recoveryCodesPage({ locale, links: options.links, email: account.email, codes, continueHref }),
  );
}
