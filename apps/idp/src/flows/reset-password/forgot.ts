import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendPage } from '../../app/send-page.ts';
import { checkEmail, type EmailProblem } from '../../forms/email-rules.ts';
import { checkFormToken, issueFormToken } from '../../forms/form-token.ts';
import { pageLocale } from '../../forms/locale.ts';
import { readLinkQuery } from '../../forms/read.ts';
import type { FormDeps } from '../../forms/types.ts';
import { formField, readForm } from '../../interaction/form.ts';
import { admitMailRequest } from '../../throttle.ts';
import { forgotPage, forgotSentPage } from './pages.ts';
import { sendPasswordResetLink } from './send-link.ts';

const ForgotForm = z.object({ csrf: formField, lang: formField, email: formField });

/** `GET /forgot-password`: the form that asks for the account's address. */
export function showForgotPassword(deps: FormDeps, request: FastifyRequest, reply: FastifyReply) {
  const locale = pageLocale(request, readLinkQuery(request.query).lang);
  const csrfToken = issueFormToken(deps, request, reply);
  return sendPage(reply, 200, forgotPage(deps.options, { locale, csrfToken, email: '' }));
}

interface Refusal {
  status: number;
  problem?: EmailProblem;
  waitSeconds?: number;
}

/**
 * `POST /forgot-password`: a reset link to the account of the address, if there is one; the same
 * answer either way. Throttled per client address; the mailer keeps to the per-recipient limits.
 */
export async function submitForgotPassword(
  deps: FormDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { options } = deps;
  const form = readForm(ForgotForm, request.body);
  checkFormToken(deps, request, form.csrf);
  const locale = pageLocale(request, form.lang);
  const email = form.email.trim().slice(0, 254);
  const refuse = ({ status, ...refusal }: Refusal) => {
    const csrfToken = issueFormToken(deps, request, reply);
    const page = forgotPage(options, { locale, csrfToken, email, ...refusal });
    const wait = refusal.waitSeconds;
    return sendPage(reply, status, page, wait ? { 'retry-after': String(wait) } : {});
  };

  const checked = checkEmail(form.email);
  if ('problem' in checked) return refuse({ status: 400, problem: checked.problem });
  const waitSeconds = await admitMailRequest(options.db, request.ip, options.throttle);
  if (waitSeconds > 0) return refuse({ status: 429, waitSeconds });

  await options.db.transaction((tx) => sendPasswordResetLink(options, tx, checked.email, locale));
  return sendPage(reply, 200, forgotSentPage(options, locale));
}
