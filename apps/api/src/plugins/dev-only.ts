import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE, ErrorCode, FieldErrorCode, PROBLEM_CONTENT_TYPE } from '@pp/contract';
import { problem } from '../lib/http/problem.ts';
import { sendNotFound } from './errors.ts';

const DEV_ONLY = [`${API_BASE}/ATest/`, '/dev/'];

/** A host name with an optional port, as a browser sends it; anything else is malformed. */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The host name of a well-formed Host header, lower-cased; undefined when malformed. */
export function hostnameOf(header: string | undefined): string | undefined {
  if (header === undefined || !HOST.test(header)) return undefined;
  try {
    return new URL(`http://${header}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * The development mailbox and the test calls answer only requests addressed to PUBLIC_URL's
 * host: a page of another site that rebinds its name to 127.0.0.1 cannot reach them. A Host
 * header that is no host at all is a 400 problem.
 *
 * The guard decides on the route the router matched, not on the spelling of the URL: the router
 * decodes `/%64ev/` to `/dev/`, so a test of the raw URL let every other spelling through. The raw
 * URL still counts, so that a malformed Host is refused even where no route matches.
 */
export const devOnlyPlugin = fp(
  async (app: FastifyInstance, options: { hostname: string }) => {
    const expected = options.hostname.toLowerCase();
    app.addHook('onRequest', async (request, reply) => {
      const route = request.routeOptions.url ?? '';
      const spellings = [request.url, route];
      if (!spellings.some((url) => DEV_ONLY.some((prefix) => url.startsWith(prefix)))) return;
      const hostname = hostnameOf(request.headers.host);
      if (hostname === undefined) {
        return reply
          .code(400)
          .type(PROBLEM_CONTENT_TYPE)
          .send(
            problem(400, ErrorCode.validation, [
              { field: 'headers.host', code: FieldErrorCode.invalid },
            ]),
          );
      }
      if (hostname !== expected) return sendNotFound(reply);
    });
  },
  { name: 'dev-only', dependencies: ['errors'] },
);
