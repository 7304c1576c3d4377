import type { Sent } from '../app/sent.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findTokenAccount } from '../accounts/account-tokens.ts';
import { sendPage } from '../app/send-page.ts';
import { checkFormToken, issueFormToken } from '../forms/form-token.ts';
import { pageLocale } from '../forms/locale.ts';
import { readLinkQuery } from '../forms/read.ts';
import type { FormDeps } from '../forms/types.ts';
import type { Locale } from '../i18n/locale.ts';
import { formField, readForm } from '../interaction/form.ts';
import { attemptSignIn } from '../sign-in/sign-in-attempt.ts';
import { returnPath } from '../forms/return-path.ts';
import { issueSignInTicket } from '../sessions/sign-in-ticket.ts';
import { confirmAccount } from './confirm-account.ts';
import { confirmPage, type ConfirmForm, type ConfirmProblem } from './confirm-page.ts';
import { verifiedPage, verifyLinkInvalidPage } from './pages.ts';
import { registeredHere } from './registering-browser.ts';

const ConfirmationForm = z.object({
  csrf: formField,
  lang: formField,
  token: formField,
  password: formField,
  return: formField,
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
 * Uses the link up and confirms the address; this browser, which has just proved the password,
 * gets a ticket for its next sign-in (sign-in-ticket.ts) and goes on to where it started.
 */
async function confirm(
  deps: FormDeps,
  reply: FastifyReply,
  link: { token: string; locale: Locale; returnTo: string | undefined },
): Promise<Sent> {
  const { options } = deps;
  const accountId = await confirmAccount(options.db, link.token);
  if (accountId === undefined) return invalidLink(deps, reply, link.locale);
  options.logger.info({ accountId }, 'address confirmed');
  void reply.header('set-cookie', await issueSignInTicket(options.db, options.issuer, accountId));
  return sendPage(reply, 200, verifiedPage(options, link.locale, link.returnTo));
}

/**
 * `GET /register/verify?token=…`, the link of the `account-verification` mail. In the browser
 * that registered (its cookie, registering-browser.ts) the link confirms at once: that browser
 * typed the password. Anywhere else, a page asks for the password chosen at the registration
 * and opening the link changes nothing, so whoever registered somebody else's address gains
 * nothing by the owner's click (security finding 1); a link checker (also with HEAD, never with
 * the cookie) learns only whether the link is good.
 */
export async function showConfirmation(
  deps: FormDeps,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const query = readLinkQuery(request.query);
  const { token } = query;
  const locale = pageLocale(request, query.lang);
  const returnTo = returnPath(deps.options.portalUrl, query.return);
  const account = await findTokenAccount(deps.options.db, token, 'verify-email');
  if (!account) return invalidLink(deps, reply, locale);
  if (request.method === 'GET' && registeredHere(deps, request, token)) {
    return confirm(deps, reply, { token, locale, returnTo });
  }
  return sendForm(deps, request, reply, 200, { locale, token, email: account.email, returnTo });
}

/**
 * `POST /register/verify`: the registration's password, checked and counted like a sign-in (per
 * account and per client address, the same counters), confirms the account and uses the link
 * up; this browser's next sign-in at the portal then needs no password (decision 0058).
 */
export async function submitConfirmation(
  deps: FormDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const { options } = deps;
  const form = readForm(ConfirmationForm, request.body);
  checkFormToken(deps, request, form.csrf);
  const locale = pageLocale(request, form.lang);
  const account = await findTokenAccount(options.db, form.token, 'verify-email');
  if (!account) return invalidLink(deps, reply, locale);
  const returnTo = returnPath(options.portalUrl, form.return);
  const page = { locale, token: form.token, email: account.email, returnTo };
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
  return confirm(deps, reply, { token: form.token, locale, returnTo });
}
