import type { Attributes, Context, Span as ApiSpan } from '@opentelemetry/api';
import type { Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { FastifyRequest } from 'fastify';
import { scrub, stripQuery } from '../lib/logging/logger.ts';

/** `url.path` of a call no route matched: its path is whatever the client sent. */
export const UNMATCHED_PATH = '(unmatched)';

/**
 * A call's span is named by its route (`POST /api/v1/Customer/UpdateCustomerData`), never by
 * the URL with its ids; its path loses the query string (e-mail addresses, link secrets) as in
 * the logs. A call no route matched (a 404) records a constant path, and one a wildcard route
 * took (the web app's `/*`) the pattern: either path is the client's own text (issue 45).
 */
export function requestSpanNamed(span: ApiSpan, request: FastifyRequest): void {
  const route = request.routeOptions.url;
  span.updateName(route ? `${request.method} ${route}` : request.method);
  if (!route) return void span.setAttribute('url.path', UNMATCHED_PATH);
  if (route.includes('*')) return void span.setAttribute('url.path', route);
  const path = stripQuery(request.url);
  if (path) span.setAttribute('url.path', scrub(path));
}

/**
 * A CRM request's URL without its query (an OData filter names the records it looks for) and
 * with any address or token in its path replaced.
 */
export function crmRequestAttributes(request: { origin: string; path: string }): Attributes {
  const path = scrub(stripQuery(request.path) ?? '/');
  const hasQuery = request.path.includes('?');
  return {
    'url.full': `${request.origin}${path}`,
    'url.path': path,
    ...(hasQuery ? { 'url.query': '[redacted]' } : {}),
  };
}

/**
 * Error messages may quote the values of a statement or a request: a span keeps its status
 * code and drops the message before it is exported.
 */
export class Redaction implements SpanProcessor {
  onStart(_span: Span, _context: Context): void {}
  onEnding(span: Span): void {
    if (span.status.message !== undefined) span.setStatus({ code: span.status.code });
  }
  onEnd(): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
