import type { FastifyServerOptions } from 'fastify';
import { trace } from '@opentelemetry/api';
import pino, { type DestinationStream, type Logger } from 'pino';

/** Logged URLs lose their query string: it may carry e-mail addresses or link secrets. */
export function stripQuery(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const index = url.indexOf('?');
  return index < 0 ? url : url.slice(0, index);
}

const EMAIL = /[^\s"'<>()[\]{},;:/?#]+(?:@|%40)[^\s"'<>()[\]{},;:/?#]+/gi;
/** Three base64url segments: a JWT (or anything that looks like one). */
const JWT = /[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g;

/**
 * Removes e-mail addresses and token-like strings from text bound for the logs: error messages
 * and paths are not ours to control (a database error quotes the value it refused).
 */
export function scrub(text: string): string {
  return text.replace(EMAIL, '[email]').replace(JWT, '[token]');
}

interface LoggedError {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  statusCode?: unknown;
  cause?: unknown;
}

/**
 * Drizzle's query errors quote the bound values ("Failed query: …\nparams: …"): tokens, hashes,
 * names. The query stays, the values go.
 */
function withoutQueryParams(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');
}

/** An error as logged: type, code, scrubbed message and stack; no other properties (values). */
export function serializeError(
  error: unknown,
  depth = 0,
): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (typeof error !== 'object' || error === null) {
    return { type: typeof error, message: scrub(String(error)), stack: '' };
  }
  const e = error as LoggedError;
  return {
    type: typeof e.name === 'string' ? e.name : 'Error',
    message: scrub(withoutQueryParams(String(e.message ?? ''))),
    stack: typeof e.stack === 'string' ? scrub(withoutQueryParams(e.stack)) : '',
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    ...(e.cause !== undefined && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

/** The error of a stream whose client hung up before the answer was through. */
function isClientGone(value: unknown): boolean {
  if (!(value instanceof Error)) return false;
  const { code } = value as NodeJS.ErrnoException;
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || value.message === 'premature close';
}

/**
 * The trace and span of the work a line is written in (a call, a mail delivery), for finding
 * its trace from a log line; nothing outside a trace. Only set while tracing is on.
 */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/**
 * Structured logs that never contain tokens, passwords, link hashes or e-mail addresses:
 * requests are logged by method and path only, headers and bodies never. `traced`: each line
 * carries the trace id ({@link traceFields}).
 */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
  traced = false,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    ...(traced ? { mixin: traceFields } : {}),
    hooks: {
      logMethod(args, method, logLevel) {
        // A browser that goes away while an answer is on its way (a closed tab, a navigation)
        // is normal; @fastify/compress reports it as an error. Written at debug (issue 22).
        if (logLevel >= 50 && isClientGone(args[0])) return this.debug(...args);
        return method.apply(this, args);
      },
    },
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
        const path = stripQuery(request.url);
        return { id: request.id, method: request.method, path: path && scrub(path) };
      },
      res(reply: { statusCode?: number }) {
        return { statusCode: reply.statusCode };
      },
      err: (error: unknown) => serializeError(error),
    },
  };
}

interface AnsweredRequest {
  id: string;
  method: string;
  url: string;
}

/**
 * The logger of the one line per answered request. Its fields are built by {@link requestLine}
 * from method, path (no query, scrubbed) and status only, so it needs none of the redaction that
 * makes every call of the main logger slow (issue 13: a third of a bare request's cost). Same
 * level and stream as the main logger.
 */
export function requestLogger(level: string, stream?: DestinationStream, traced = false): Logger {
  return pino(
    { level, ...(traced ? { mixin: traceFields } : {}) },
    stream ?? (stdout ??= pino.destination(1)),
  );
}

/** Standard output, opened once however many apps a process builds without a stream (tests). */
let stdout: DestinationStream | undefined;

/** The fields of a request's line, as the main logger's `req` and `res` serializers write them. */
export function requestLine(request: AnsweredRequest, statusCode: number, elapsedMs: number) {
  const path = stripQuery(request.url);
  return {
    reqId: request.id,
    req: { id: request.id, method: request.method, path: path && scrub(path) },
    res: { statusCode },
    ms: Math.round(elapsedMs),
  };
}
