import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/** Logged URLs lose their query string: it may carry e-mail addresses or link secrets. */
export function stripQuery(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const index = url.indexOf('?');
  return index < 0 ? url : url.slice(0, index);
}

/**
 * Structured logs that never contain tokens, passwords, link hashes or e-mail addresses:
 * requests are logged by method and path only, headers and bodies never.
 */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        '*.password',
        '*.token',
        '*.email',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method?: string; url?: string; id?: string }) {
        return { id: request.id, method: request.method, path: stripQuery(request.url) };
      },
      res(reply: { statusCode?: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
