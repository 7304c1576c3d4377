import type { FastifyInstance } from 'fastify';
import { formScope } from '../app/form-scope.ts';
import { registerRoutes } from '../registration/routes.ts';
import { resetPasswordRoutes } from '../reset-password/routes.ts';
import type { FormDeps } from './types.ts';

/**
 * Our pages outside an oidc-provider interaction (registration, password reset), in a scope of
 * their own with the same form rules as the interaction pages; their forms carry the token of
 * `form-token.ts` instead of the interaction's.
 */
export async function accountPageRoutes(app: FastifyInstance, deps: FormDeps) {
  await formScope(app, deps.options.issuer);
  registerRoutes(app, deps);
  resetPasswordRoutes(app, deps);
}
