import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageRoute } from '../app/page-route.ts';
import type { Sent } from '../app/sent.ts';
import { INTERACTION_ROUTE } from './params.ts';
import type { InteractionDeps } from './types.ts';

export type InteractionHandler = (
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<Sent>;

/** Registers form posts under `/interaction/:uid/<path>`, each answering POST only. */
export function interactionPosts(
  app: FastifyInstance,
  deps: InteractionDeps,
  routes: readonly [string, InteractionHandler][],
): void {
  for (const [path, handler] of routes) {
    pageRoute(app, `${INTERACTION_ROUTE}/${path}`, {
      POST: (request, reply) => handler(deps, request, reply),
    });
  }
}
