import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateLocale } from '../i18n/locale.ts';
import type { ResolvedOptions } from '../options.ts';
import { errorPage, type ErrorKind } from '../pages/error.ts';

/** One of our pages; never stored, as it may carry an e-mail address or a form token. */
export function sendPage(
  reply: FastifyReply,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): FastifyReply {
  return reply
    .code(status)
    .headers({ 'cache-control': 'no-store', ...headers })
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The error page, in the browser's language. */
export function sendErrorPage(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ResolvedOptions,
  status: number,
  kind: ErrorKind,
): FastifyReply {
  const locale = negotiateLocale(undefined, request.headers['accept-language']);
  const { links, portalUrl } = options;
  return sendPage(reply, status, errorPage({ locale, links, portalUrl, kind }));
}
