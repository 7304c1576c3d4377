import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allowOnly } from '../app/allow-only.ts';
import { INTERACTION_ROUTE } from './params.ts';
import type { InteractionDeps } from './types.ts';

export type InteractionHandler = (
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<FastifyReply>;

/** Registers form posts under `/interaction/:uid/<path>`, each answering POST only. */
export function interactionPosts(
  app: FastifyInstance,
  deps: InteractionDeps,
  routes: readonly [string, InteractionHandler][],
): void {
  for (const [path, handler] of routes) {
    const route = `${INTERACTION_ROUTE}/${path}`;
    app.post(route, (request, reply) => handler(deps, request, reply));
    allowOnly(app, route, 'POST');
  }
}
