import type { Sent } from '../app/sent.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendPage } from '../app/send-page.ts';
import { answerNotBefore } from '../forms/answer-not-before.ts';
import { checkEmail } from '../forms/email-rules.ts';
import { checkFormToken, issueFormToken } from '../forms/form-token.ts';
import { pageLocale } from '../forms/locale.ts';
import { checkNewPassword } from '../forms/password-rules.ts';
import type { FormDeps } from '../forms/types.ts';
import { formField, readForm } from '../interaction/form.ts';
import { admitMailRequest } from '../sessions/throttle.ts';
import { returnPath } from '../forms/return-path.ts';
import { registerPage, type RegisterProblems } from './page.ts';
import { sentPage } from './pages.ts';
import { register } from './register.ts';
import { registrationCookie } from './registering-browser.ts';

const RegisterForm = z.object({
  csrf: formField,
  lang: formField,
  email: formField,
  password: formField,
  passwordRepeat: formField,
  return: formField,
});

/** The registration form again, with what was typed (never the password) and the problems. */
function sendForm(
  deps: FormDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Omit<Parameters<typeof registerPage>[0], 'links' | 'portalUrl' | 'csrfToken'>,
  status: number,
  headers: Record<string, string> = {},
) {
  const { links, portalUrl } = deps.options;
  const csrfToken = issueFormToken(deps, request, reply);
  return sendPage(reply, status, registerPage({ ...answer, links, portalUrl, csrfToken }), headers);
}

/**
 * `POST /register`: refuses what breaks a rule, each problem under its field; a valid request
 * from an address that is not slowed down answers the same "check your mail" page whether or
 * not the address has an account (docs/product.md §2), at the same moment.
 */
export async function submitRegistration(
  deps: FormDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const started = performance.now();
  const { options } = deps;
  const form = readForm(RegisterForm, request.body);
  checkFormToken(deps, request, form.csrf);
  const locale = pageLocale(request, form.lang);
  const email = form.email.trim().slice(0, 254);
  const returnTo = returnPath(options.portalUrl, form.return);

  const checked = checkEmail(form.email, await options.prohibitedAliases(options.db));
  const problems: RegisterProblems = {
    ...('problem' in checked ? { email: checked.problem } : {}),
    ...checkNewPassword(form.password, form.passwordRepeat, form.email),
  };
  if ('problem' in checked || Object.keys(problems).length > 0) {
    return sendForm(deps, request, reply, { locale, email, problems, returnTo }, 400);
  }
  const waitSeconds = await admitMailRequest(options.db, request.ip, options.throttle);
  if (waitSeconds > 0) {
    return sendForm(deps, request, reply, { locale, email, waitSeconds, returnTo }, 429, {
      'retry-after': String(waitSeconds),
    });
  }
  const registration = { email: checked.email, password: form.password, locale, returnTo };
  const linkSecret = await register(options, registration);
  await answerNotBefore(started);
  void reply.header('set-cookie', registrationCookie(deps, linkSecret));
  return sendPage(reply, 200, sentPage(options, locale, returnTo));
}
