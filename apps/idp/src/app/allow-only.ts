import type { FastifyInstance, HTTPMethods } from 'fastify';
import { sendPage } from './send-page.ts';
import { pageHandler } from './sent.ts';

const METHODS: readonly HTTPMethods[] = [
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
];

type Served = 'GET' | 'POST';

/**
 * Answers the other methods on one of our page routes with 405 and `Allow`, rather than letting
 * them fall through to oidc-provider. HEAD goes with GET.
 */
export function allowOnly(
  app: FastifyInstance,
  url: string,
  allowed: Served | readonly Served[],
): void {
  const list: readonly Served[] = typeof allowed === 'string' ? [allowed] : allowed;
  const served = list.flatMap((method): HTTPMethods[] =>
    method === 'GET' ? ['GET', 'HEAD'] : ['POST'],
  );
  app.route({
    method: METHODS.filter((method) => !served.includes(method)),
    url,
    handler: pageHandler((_request, reply) => sendPage(reply, 405, '', { allow: list.join(', ') })),
  });
}
