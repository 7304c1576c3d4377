import type { FastifyInstance } from 'fastify';

/** RFC 8058 §3.1: the body of a one-click unsubscription, the only field it needs. */
export const ONE_CLICK_FIELD = 'List-Unsubscribe';
export const ONE_CLICK_VALUE = 'One-Click';

/** Small: the only field is `List-Unsubscribe=One-Click`. */
const BODY_LIMIT = 4096;

/** The one field of an RFC 7578 multipart/form-data body (RFC 8058 says SHOULD use it). */
function multipartField(body: string, contentType: string, name: string): string | undefined {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return undefined;
  for (const part of body.split(`--${boundary}`)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    if (new RegExp(`name="${name}"`, 'i').test(head)) return rest.join('\n\n').trim();
  }
  return undefined;
}

/**
 * Reads the forms these pages receive, urlencoded (the pages' own buttons, and RFC 8058's MAY) or
 * multipart (RFC 8058's SHOULD), into their `List-Unsubscribe` field; only in this plugin's scope.
 */
export function parseOneClickBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      done(null, { field: new URLSearchParams(String(body)).get(ONE_CLICK_FIELD) ?? undefined });
    },
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (request, body, done) => {
      const type = request.headers['content-type'] ?? '';
      done(null, { field: multipartField(String(body), type, ONE_CLICK_FIELD) });
    },
  );
}

/** Whether a parsed body is the one-click request (`List-Unsubscribe=One-Click`). */
export function isOneClick(body: unknown): boolean {
  return (
    typeof body === 'object' && body !== null && 'field' in body && body.field === ONE_CLICK_VALUE
  );
}
