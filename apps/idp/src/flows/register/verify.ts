import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findTokenAccount } from '../../account-tokens.ts';
import { sendPage } from '../../app/send-page.ts';
import { checkFormToken, issueFormToken } from '../../forms/form-token.ts';
import { pageLocale } from '../../forms/locale.ts';
import { readLinkQuery } from '../../forms/read.ts';
import type { FormDeps } from '../../forms/types.ts';
import type { Locale } from '../../i18n/locale.ts';
import { formField, readForm } from '../../interaction/form.ts';
import { attemptSignIn } from '../../sign-in-attempt.ts';
import { confirmAccount } from './confirm-account.ts';
import { confirmPage, type ConfirmForm, type ConfirmProblem } from './confirm-page.ts';
import { verifiedPage, verifyLinkInvalidPage } from './pages.ts';

const ConfirmationForm = z.object({
  csrf: formField,
  lang: formField,
  token: formField,
  password: formField,
});

function sendForm(
  deps: FormDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  form: Omit<ConfirmForm, 'csrfToken'>,
) {
  const csrfToken = issueFormToken(deps, request, reply);
  const wait = form.problem && 'waitSeconds' in form.problem ? form.problem.waitSeconds : 0;
  const headers: Record<string, string> = status === 429 ? { 'retry-after': String(wait) } : {};
  return sendPage(reply, status, confirmPage(deps.options, { ...form, csrfToken }), headers);
}

const invalidLink = (deps: FormDeps, reply: FastifyReply, locale: Locale) =>
  sendPage(reply, 400, verifyLinkInvalidPage(deps.options, locale));

/**
 * `GET /register/verify?token=…`, the link of the `account-verification` mail: a page that asks
 * for the password chosen at the registration. Opening the link changes nothing, so whoever
 * registered somebody else's address gains nothing by the owner's click (security finding 1); a
 * link checker (also with HEAD) learns only whether the link is good.
 */
export async function showConfirmation(
  deps: FormDeps,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { token, lang } = readLinkQuery(request.query);
  const locale = pageLocale(request, lang);
  const account = await findTokenAccount(deps.options.db, token, 'verify-email');
  if (!account) return invalidLink(deps, reply, locale);
  return sendForm(deps, request, reply, 200, { locale, token, email: account.email });
}

/**
 * `POST /register/verify`: the registration's password, checked and counted like a sign-in (per
 * account and per client address, the same counters), confirms the account and uses the link
 * up. Signing in then starts at the portal; the registration's interaction is not resumed.
 */
export async function submitConfirmation(
  deps: FormDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { options } = deps;
  const form = readForm(ConfirmationForm, request.body);
  checkFormToken(deps, request, form.csrf);
  const locale = pageLocale(request, form.lang);
  const account = await findTokenAccount(options.db, form.token, 'verify-email');
  if (!account) return invalidLink(deps, reply, locale);
  const page = { locale, token: form.token, email: account.email };
  if (form.password === '') {
    return sendForm(deps, request, reply, 400, { ...page, problem: { kind: 'missing' } });
  }
  const attempt = { email: account.email, password: form.password, clientAddress: request.ip };
  const outcome = await attemptSignIn(options, attempt);
  if (outcome.kind === 'throttled') {
    return sendForm(deps, request, reply, 429, { ...page, problem: outcome });
  }
  if (outcome.kind === 'failed') {
    const { waitSeconds } = outcome;
    options.logger.info({ accountId: account.id, waitSeconds }, 'confirmation: wrong password');
    const problem = { kind: 'wrong', waitSeconds } satisfies ConfirmProblem;
    return sendForm(deps, request, reply, 401, { ...page, problem });
  }
  const accountId = await confirmAccount(options.db, form.token);
  if (accountId === undefined) return invalidLink(deps, reply, locale);
  options.logger.info({ accountId }, 'address confirmed');
  return sendPage(reply, 200, verifiedPage(options, locale));
}
