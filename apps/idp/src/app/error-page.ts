import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from 'oidc-provider';
import type { ResolvedOptions } from '../options.ts';
import type { ErrorKind } from '../pages/error.ts';
import { sendErrorPage } from './send-page.ts';

/** Ends a request of one of our pages with the error page. */
export class PageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly kind: ErrorKind,
  ) {
    super(`${kind} (${statusCode})`);
    this.name = 'PageError';
  }
}

/**
 * Every failure of our pages answers with the error page: our own refusals with their status,
 * a lost interaction as expired, Fastify's 4xx (a form body too large or not a form) as they are,
 * anything else as 500 without details, logged.
 */
export function errorPageHandler(options: ResolvedOptions) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof PageError) {
      return sendErrorPage(request, reply, options, error.statusCode, error.kind);
    }
    if (error instanceof errors.SessionNotFound) {
      return sendErrorPage(request, reply, options, 400, 'expired');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendErrorPage(request, reply, options, status, 'generic');
    }
    options.logger.error({ err: error }, 'identity provider page failed');
    return sendErrorPage(request, reply, options, 500, 'generic');
  };
}
