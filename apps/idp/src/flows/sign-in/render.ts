import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendPage } from '../../app/send-page.ts';
import type { Locale } from '../../i18n/locale.ts';
import { csrfToken } from '../../interaction/csrf.ts';
import { interactionLocale } from '../../interaction/locale.ts';
import type { Interaction, InteractionDeps } from '../../interaction/types.ts';
import { interactionPath } from '../../provider/config.ts';
import { signInPage, type SignInProblem } from './page.ts';

export const MAX_EMAIL = 254;

export interface SignInAnswer {
  status: number;
  locale: Locale;
  uid: string;
  email: string;
  problem?: SignInProblem;
  headers?: Record<string, string>;
}

/** The sign-in form of one interaction, with the form token of the newest cookie secret. */
export function sendSignIn(
  deps: InteractionDeps,
  reply: FastifyReply,
  answer: SignInAnswer,
): FastifyReply {
  const body = signInPage({
    locale: answer.locale,
    links: deps.options.links,
    loginAction: `${interactionPath(answer.uid)}/login`,
    abortAction: `${interactionPath(answer.uid)}/abort`,
    csrfToken: csrfToken(answer.uid, deps.secrets()[0] ?? ''),
    email: answer.email,
    problem: answer.problem,
  });
  return sendPage(reply, answer.status, body, answer.headers);
}

/** The empty form, with the portal's `login_hint` as the e-mail address. */
export function showSignIn(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
): FastifyReply {
  const hint = interaction.params['login_hint'];
  return sendSignIn(deps, reply, {
    status: 200,
    locale: interactionLocale(request, interaction.params),
    uid: interaction.uid,
    email: typeof hint === 'string' ? hint.slice(0, MAX_EMAIL) : '',
  });
}
