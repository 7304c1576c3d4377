import type { Sent } from '../app/sent.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../accounts/accounts.ts';
import { deviceCookie, knownDevice } from '../sessions/device-cookie.ts';
import type { Locale } from '../i18n/locale.ts';
import { finishInteraction } from '../interaction/finish.ts';
import type { InteractionDeps } from '../interaction/types.ts';
import {
  actionOfAuthorization,
  type RequiredActionResult,
} from '../interaction/account-actions.ts';
import type { LoginMethod } from './amr.ts';
import { needsSecondStep, secondStepMethods } from '../second-factor/methods.ts';
import { SECURITY_PATH } from '../sessions/security-notices.ts';
import {
  hasSecondFactor,
  hasSignedInBefore,
  mailedNewBrowserRecently,
  recordSignInEntry,
  settleSignInEntry,
  type SignInMethod,
} from '../sessions/sign-in-history.ts';
import { keptUserAgent } from '../sessions/user-agent.ts';

export interface CompletedSignIn {
  account: Account;
  /** How the person signed in: `amr` (RFC 8176) `['pwd']`, `['pwd','otp','mfa']` … and `acr`. */
  login: LoginMethod;
  /** What the history names: every factor proven, in order. */
  method: SignInMethod;
  /** The history's entry the password step started, settled now (a two-step sign-in). */
  attemptId?: string | undefined;
  /** The log line. */
  message?: string;
}

/**
 * The one place a sign-in finishes (decision 0067): it is recorded in the account's history
 * with its browser; a browser the account has not seen before (no valid device cookie for it)
 * gets the person a mail (at most one a day), unless this is the account's first sign-in (just
 * registered); the
 * browser keeps (or gets) its device cookie; then the interaction finishes with `amr` and `acr`.
 */
export async function completeSignIn(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  signIn: CompletedSignIn,
): Promise<Sent> {
  const { options } = deps;
  const { account } = signIn;
  const { amr } = signIn.login;
  const device = knownDevice(request, options.issuer, deps.secrets(), account.email);
  const userAgent = keptUserAgent(request.headers['user-agent']);
  const newBrowser = await options.db.transaction(async (tx) => {
    const isNew = device === undefined && (await hasSignedInBefore(tx, account.id));
    const mail = isNew && !(await mailedNewBrowserRecently(tx, account.id));
    const entry = {
      accountId: account.id,
      outcome: 'success',
      method: signIn.method,
      secondFactor: hasSecondFactor(amr),
      userAgent,
      device,
      newBrowser: isNew,
    } as const;
    if (signIn.attemptId) await settleSignInEntry(tx, signIn.attemptId, entry);
    else await recordSignInEntry(tx, entry);
    if (mail) {
      // A notice that cannot be written (a savepoint rolls it back) never stops the sign-in.
      await tx
        .transaction((inner) =>
          options.mailer.send(inner, {
            kind: 'new-browser-sign-in',
            to: account.email,
            language: (account.locale === 'en' ? 'en' : 'de') satisfies Locale,
            at: new Date(),
            userAgent,
            securityLink: new URL(SECURITY_PATH, options.portalUrl),
          }),
        )
        .catch((error: unknown) =>
          options.logger.error({ err: error }, 'the new-browser notice was not written'),
        );
    }
    return isNew;
  });
  options.logger.info({ accountId: account.id, newBrowser }, signIn.message ?? 'signed in');
  options.signInEvents?.signIn(signIn.method, 'success');
  const secret = deps.secrets()[0] ?? '';
  void reply.header('set-cookie', deviceCookie(options.issuer, secret, account.email, device));
  const login = { accountId: account.id, ...signIn.login };
  const required = await requiredSetup(deps, request, reply, account, amr);
  return finishInteraction(deps, request, reply, { login, ...required }, false);
}

/**
 * A sign-in without a second factor, of an account that has none, in a practice that requires
 * one (decision 0074): the authorization goes on to the step-up, which sets up the app and then
 * asks for its code (issue 41: setting a factor up proves nothing by itself). An account with a
 * second factor has just proven it; nor is an authorization asked that already names an action
 * of the portal's.
 */
async function requiredSetup(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  account: Account,
  amr: readonly string[],
): Promise<RequiredActionResult | undefined> {
  const { db, secondFactorRequiredBy } = deps.options;
  if (!secondFactorRequiredBy || hasSecondFactor(amr)) return undefined;
  const interaction = await deps.provider().interactionDetails(request.raw, reply.raw);
  if (actionOfAuthorization(interaction.params, undefined)) return undefined;
  const practice = await secondFactorRequiredBy(db, account);
  if (practice === undefined) return undefined;
  if (needsSecondStep(await secondStepMethods(db, account.id))) return undefined;
  deps.options.logger.info({ accountId: account.id }, 'second factor required: setup asked');
  return { requiredAction: { action: 'step-up', practice } };
}
