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
  const answer = (error: FastifyError): [number, ErrorKind] => {
    if (error instanceof PageError) return [error.statusCode, error.kind];
    if (error instanceof errors.SessionNotFound) return [400, 'expired'];
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return [status, 'generic'];
    options.logger.error({ err: error }, 'identity provider page failed');
    return [500, 'generic'];
  };
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const [status, kind] = answer(error);
    sendErrorPage(request, reply, options, status, kind);
  };
}
