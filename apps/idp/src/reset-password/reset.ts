import type { Sent } from '../app/sent.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findTokenAccount } from '../accounts/account-tokens.ts';
import { sendPage } from '../app/send-page.ts';
import { checkFormToken, issueFormToken } from '../forms/form-token.ts';
import { pageLocale } from '../forms/locale.ts';
import { checkNewPassword } from '../forms/password-rules.ts';
import { readLinkQuery } from '../forms/read.ts';
import type { FormDeps } from '../forms/types.ts';
import { formField, readForm } from '../interaction/form.ts';
import { changePassword } from './change-password.ts';
import { resetDonePage, resetLinkInvalidPage } from './pages.ts';
import { resetPage } from './reset-page.ts';

const ResetForm = z.object({
  csrf: formField,
  lang: formField,
  token: formField,
  password: formField,
  passwordRepeat: formField,
});

/** `GET /reset-password?token=…`, the link of the `password-reset` mail: the form, if it is valid. */
export async function showResetPassword(
  deps: FormDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const { options } = deps;
  const { token, lang } = readLinkQuery(request.query);
  const locale = pageLocale(request, lang);
  const account = await findTokenAccount(options.db, token, 'reset-password');
  if (!account) return sendPage(reply, 400, resetLinkInvalidPage(options, locale));
  const csrfToken = issueFormToken(deps, request, reply);
  return sendPage(
    reply,
    200,
    resetPage(options, { locale, csrfToken, token, email: account.email }),
  );
}

/**
 * `POST /reset-password`: checks the new password against the rules, then sets it and uses the
 * link up (signing the account out everywhere).
 */
export async function submitResetPassword(
  deps: FormDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const { options } = deps;
  const form = readForm(ResetForm, request.body);
  checkFormToken(deps, request, form.csrf);
  const locale = pageLocale(request, form.lang);
  const account = await findTokenAccount(options.db, form.token, 'reset-password');
  if (!account) return sendPage(reply, 400, resetLinkInvalidPage(options, locale));

  const problems = checkNewPassword(form.password, form.passwordRepeat, account.email);
  if (Object.keys(problems).length > 0) {
    const csrfToken = issueFormToken(deps, request, reply);
    const page = resetPage(options, {
      locale,
      csrfToken,
      token: form.token,
      email: account.email,
      problems,
    });
    return sendPage(reply, 400, page);
  }
  const accountId = await changePassword(options.db, form.token, form.password);
  if (accountId === undefined) return sendPage(reply, 400, resetLinkInvalidPage(options, locale));
  options.logger.info({ accountId }, 'password reset: sessions and refresh tokens ended');
  return sendPage(reply, 200, resetDonePage(options, locale));
}
