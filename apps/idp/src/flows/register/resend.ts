import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findAccountByEmail } from '../../accounts.ts';
import { sendPage } from '../../app/send-page.ts';
import { checkEmail, type EmailProblem } from '../../forms/email-rules.ts';
import { checkFormToken, issueFormToken } from '../../forms/form-token.ts';
import { pageLocale } from '../../forms/locale.ts';
import { readLinkQuery } from '../../forms/read.ts';
import type { FormDeps } from '../../forms/types.ts';
import { formField, readForm } from '../../interaction/form.ts';
import { admitMailRequest } from '../../throttle.ts';
import { resendPage, resendSentPage } from './pages.ts';
import { sendVerification } from './register.ts';

const ResendForm = z.object({ csrf: formField, lang: formField, email: formField });

interface Refusal {
  status: number;
  problem?: EmailProblem;
  waitSeconds?: number;
}

/** `GET /register/resend`: the form that asks for the address. */
export function showResend(deps: FormDeps, request: FastifyRequest, reply: FastifyReply) {
  const locale = pageLocale(request, readLinkQuery(request.query).lang);
  const csrfToken = issueFormToken(deps, request, reply);
  return sendPage(reply, 200, resendPage(deps.options, { locale, csrfToken, email: '' }));
}

/**
 * `POST /register/resend` (also the button on the sign-in page after an unconfirmed account's
 * sign-in): a new confirmation link when the address has an unconfirmed account; the same answer
 * for any address. Throttled per client address like registration.
 */
export async function submitResend(
  deps: FormDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { options } = deps;
  const form = readForm(ResendForm, request.body);
  checkFormToken(deps, request, form.csrf);
  const locale = pageLocale(request, form.lang);
  const email = form.email.trim().slice(0, 254);
  const refuse = ({ status, ...refusal }: Refusal) => {
    const csrfToken = issueFormToken(deps, request, reply);
    const page = resendPage(options, { locale, csrfToken, email, ...refusal });
    const wait = refusal.waitSeconds;
    return sendPage(reply, status, page, wait ? { 'retry-after': String(wait) } : {});
  };

  const checked = checkEmail(form.email);
  if ('problem' in checked) return refuse({ status: 400, problem: checked.problem });
  const waitSeconds = await admitMailRequest(options.db, request.ip, options.throttle);
  if (waitSeconds > 0) return refuse({ status: 429, waitSeconds });

  await options.db.transaction(async (tx) => {
    const account = await findAccountByEmail(tx, checked.email);
    if (!account || account.emailVerified) return;
    await sendVerification(options, tx, { accountId: account.id, email: account.email, locale });
  });
  return sendPage(reply, 200, resendSentPage(options, locale));
}
