import type { Socket } from 'node:net';
import { ErrorCode, PROBLEM_CONTENT_TYPE, type FieldErrorCode } from '@pp/contract';
import { problem } from './problem.ts';

/**
 * The security headers of an answer written before any route or hook ran (a URL Fastify cannot
 * parse, headers Node refuses): the strictest set, since nothing of the page is needed.
 */
export const BARE_ANSWER_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
} as const;

/** A problem body for a request refused before routing; it never echoes the request. */
export function bareProblem(status: number, field?: { field: string; code: FieldErrorCode }) {
  return {
    body: JSON.stringify(problem(status, ErrorCode.validation, field ? [field] : undefined)),
    headers: { ...BARE_ANSWER_HEADERS, 'content-type': PROBLEM_CONTENT_TYPE },
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

/** The raw HTTP/1.1 answer Node's client-error handler writes to the socket. */
export function rawProblemResponse(status: number): string {
  const { body, headers } = bareProblem(status);
  const lines = Object.entries({
    ...headers,
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  }).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Bad Request'}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** The status Node's HTTP parser failure stands for. */
function statusOf(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/** Fastify's `clientErrorHandler`: Node refused the request before Fastify saw it. */
export function answerClientError(error: { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(rawProblemResponse(statusOf(error.code)));
}
