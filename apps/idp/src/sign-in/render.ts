import type { Sent } from '../app/sent.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendPage } from '../app/send-page.ts';
import type { Locale } from '../i18n/locale.ts';
import { csrfToken } from '../interaction/csrf.ts';
import { interactionLocale } from '../interaction/locale.ts';
import { returnPath } from '../forms/return-path.ts';
import type { Interaction, InteractionDeps } from '../interaction/types.ts';
import { interactionPath } from '../provider/config.ts';
import { themeCookie, themeOf, type Theme } from '../pages/look.ts';
import { SIGN_IN_FORM, signInPage, type SignInNotice, type SignInProblem } from './page.ts';

export const MAX_EMAIL = 254;

export interface SignInAnswer {
  status: number;
  locale: Locale;
  uid: string;
  email: string;
  problem?: SignInProblem;
  /** Why the person is here (`pp_notice`): shown until the form is sent. */
  notice?: SignInNotice | undefined;
  /** The portal's theme of this interaction; without one, the remembered one. */
  theme?: Theme | undefined;
  /** The portal path the "Registrieren" link carries (`pp_return`, checked). */
  returnTo?: string | undefined;
  headers?: Record<string, string>;
}

/** The portal's `pp_return`: a path of the portal's own, else nothing (decision 0058). */
export function returnOf(deps: InteractionDeps, interaction: Interaction): string | undefined {
  return returnPath(deps.options.portalUrl, interaction.params['pp_return']);
}

/** The portal's `pp_notice`, one of {@link SignInNotice}; any other shows nothing. */
export function noticeOf(interaction: Interaction): SignInNotice | undefined {
  const notice = interaction.params['pp_notice'];
  return notice === 'signed-out' ||
    notice === 'idle' ||
    notice === 'account-deleted' ||
    notice === 'ended-elsewhere'
    ? notice
    : undefined;
}

/** The sign-in form of one interaction, with the form token of the newest cookie secret. */
export function sendSignIn(deps: InteractionDeps, reply: FastifyReply, answer: SignInAnswer): Sent {
  const body = signInPage({
    locale: answer.locale,
    links: deps.options.links,
    loginAction: `${interactionPath(answer.uid)}/login`,
    abortAction: `${interactionPath(answer.uid)}/abort`,
    csrfToken: csrfToken(answer.uid, deps.secrets()[0] ?? ''),
    email: answer.email,
    problem: answer.problem,
    notice: answer.notice,
    returnTo: answer.returnTo,
    passkeyOptionsAction: `${interactionPath(answer.uid)}/passkey/options`,
    passkeyAction: `${interactionPath(answer.uid)}/passkey/sign-in`,
  });
  return sendPage(reply, answer.status, body, answer.headers, {
    ...(answer.theme && { theme: answer.theme }),
    languageSwitch: {
      kind: 'form',
      form: SIGN_IN_FORM,
      action: `${interactionPath(answer.uid)}/language`,
    },
  });
}

/**
 * The empty form, with the portal's `login_hint` as the e-mail address, in the portal's theme
 * (`pp_theme`), which the provider's later pages keep in a cookie.
 */
export function showSignIn(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
): Sent {
  const hint = interaction.params['login_hint'];
  const theme = themeOf(interaction.params['pp_theme']);
  if (theme) {
    void reply.header('set-cookie', themeCookie(theme, deps.options.issuer.startsWith('https:')));
  }
  return sendSignIn(deps, reply, {
    status: 200,
    locale: interactionLocale(request, interaction),
    uid: interaction.uid,
    email: typeof hint === 'string' ? hint.slice(0, MAX_EMAIL) : '',
    notice: noticeOf(interaction),
    theme,
    returnTo: returnOf(deps, interaction),
  });
}
