import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_FORM_BYTES = 16 * 1024;

export class BadRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'BadRequestError';
  }
}

/** Reads a small `application/x-www-form-urlencoded` body. */
export async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new BadRequestError(415, 'form body expected');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_FORM_BYTES) throw new BadRequestError(413, 'form body too large');
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The address failed sign-ins are counted for. Behind a trusted proxy: the address it saw. */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers['x-forwarded-for'];
    const list = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',');
    const last = list.at(-1)?.trim();
    if (last) return last;
  }
  return request.socket.remoteAddress ?? 'unknown';
}

/** Whether a form post comes from one of our own pages (browsers always send Origin on POST). */
export function isSameOrigin(request: IncomingMessage, issuer: string): boolean {
  const origin = request.headers.origin;
  return origin === undefined || origin === new URL(issuer).origin;
}

export function sendHtml(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(body);
}
