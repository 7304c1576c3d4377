import type { IncomingMessage, ServerResponse } from 'node:http';
import { negotiateLocale, type Locale } from '../i18n/locale.ts';
import { sendHtml } from '../http/request.ts';
import type { ResolvedOptions } from '../options.ts';
import { errorPage, type ErrorKind } from '../pages/error.ts';
import { signInPage, type SignInProblem } from '../pages/sign-in.ts';
import { interactionPath } from '../provider/config.ts';
import { csrfToken } from './csrf.ts';

/** The page language for an interaction: its `ui_locales`, then the browser's languages. */
export function interactionLocale(request: IncomingMessage, params: Record<string, unknown>) {
  const uiLocales = params['ui_locales'];
  return negotiateLocale(
    typeof uiLocales === 'string' ? uiLocales : undefined,
    request.headers['accept-language'],
  );
}

export function renderSignIn(
  response: ServerResponse,
  options: ResolvedOptions,
  page: {
    status: number;
    locale: Locale;
    uid: string;
    secret: string;
    email: string;
    problem?: SignInProblem;
    headers?: Record<string, string>;
  },
): void {
  const body = signInPage({
    locale: page.locale,
    links: options.links,
    loginAction: `${interactionPath(page.uid)}/login`,
    abortAction: `${interactionPath(page.uid)}/abort`,
    csrfToken: csrfToken(page.uid, page.secret),
    email: page.email,
    problem: page.problem,
  });
  sendHtml(response, page.status, body, page.headers);
}

export function renderError(
  request: IncomingMessage,
  response: ServerResponse,
  options: ResolvedOptions,
  status: number,
  kind: ErrorKind,
): void {
  const locale = negotiateLocale(undefined, request.headers['accept-language']);
  sendHtml(
    response,
    status,
    errorPage({ locale, links: options.links, portalUrl: options.portalUrl, kind }),
  );
}
