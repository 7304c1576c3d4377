import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateLocale } from '../i18n/locale.ts';
import type { ResolvedOptions } from '../options.ts';
import { errorPage, type ErrorKind } from '../pages/error.ts';
import { SENT, type Sent } from './sent.ts';
import {
  cookieFrom,
  THEME_COOKIE,
  themeOf,
  withLook,
  withParam,
  type PageLook,
} from '../pages/look.ts';

/** The link parameters a form carries along: the link's secret, the portal path to return to. */
const CARRIED = ['token', 'return'] as const;

/**
 * The language switch of a page: the same address in the other language. After a form post, the
 * page's address with the link's secret (`token`) and return path (`return`) the form carried.
 */
function sameAddress(request: FastifyRequest, other: string): string {
  if (request.method === 'GET') return withParam(request.url, 'lang', other);
  const body: unknown = request.body;
  const fields: Record<string, unknown> = body && typeof body === 'object' ? { ...body } : {};
  let address = request.url.split('?')[0] ?? '/';
  for (const name of CARRIED) {
    const value = fields[name];
    if (typeof value === 'string' && value !== '') address = withParam(address, name, value);
  }
  return withParam(address, 'lang', other);
}

/** The visitor's look: the remembered theme, and a link to this page in the other language. */
function requestLook(request: FastifyRequest, page: string): PageLook {
  const other = /<html lang="de"/.test(page) ? 'en' : 'de';
  return {
    theme: themeOf(cookieFrom(request.headers.cookie, THEME_COOKIE)),
    languageSwitch: { kind: 'link', href: sameAddress(request, other) },
  };
}

/**
 * One of our pages, in the visitor's look (`look` replaces the parts a flow knows better); never
 * stored, as it may carry an e-mail address or a form token.
 */
export function sendPage(
  reply: FastifyReply,
  status: number,
  html: string,
  headers: Record<string, string> = {},
  look: PageLook = {},
): Sent {
  const page = withLook(html, { ...requestLook(reply.request, html), ...look });
  void reply
    .code(status)
    .headers({ 'cache-control': 'no-store', ...headers })
    .type('text/html; charset=utf-8')
    .send(page);
  return SENT;
}

/** A 303 to `location`, after a form post. */
export function redirectTo(reply: FastifyReply, location: string): Sent {
  void reply.redirect(location, 303);
  return SENT;
}

/** The error page, in the language its address asks for (`lang`), else the browser's. */
export function sendErrorPage(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ResolvedOptions,
  status: number,
  kind: ErrorKind,
): Sent {
  const query: unknown = request.query;
  const lang =
    query && typeof query === 'object' && 'lang' in query && typeof query.lang === 'string'
      ? query.lang
      : undefined;
  const locale = negotiateLocale(lang, request.headers['accept-language']);
  const { links, portalUrl } = options;
  return sendPage(reply, status, errorPage({ locale, links, portalUrl, kind }));
}
