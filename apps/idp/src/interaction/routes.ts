import type { FastifyInstance } from 'fastify';
import { formScope } from '../app/form-scope.ts';
import { pageRoute } from '../app/page-route.ts';
import { passkeyRoutes } from '../passkeys/routes.ts';
import { secondFactorRoutes } from '../second-factor/routes.ts';
import { signInRoutes } from '../sign-in/routes.ts';
import { INTERACTION_ROUTE } from './params.ts';
import { showInteraction } from './show.ts';
import type { InteractionDeps } from './types.ts';

/**
 * Our pages inside an oidc-provider interaction, in a scope of their own: a form post must come
 * from one of our pages and be a small urlencoded form (else 403, 413 or 415). Each flow in
 * `flows/` adds its routes here.
 */
export async function interactionRoutes(app: FastifyInstance, deps: InteractionDeps) {
  await formScope(app, deps.options.issuer);
  pageRoute(app, INTERACTION_ROUTE, {
    GET: (request, reply) => showInteraction(deps, request, reply),
  });
  signInRoutes(app, deps);
  secondFactorRoutes(app, deps);
  passkeyRoutes(app, deps);
}
