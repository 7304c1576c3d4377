import type { FastifyInstance } from 'fastify';
import { interactionPosts } from '../interaction/post-routes.ts';
import type { InteractionDeps } from '../interaction/types.ts';
import { register, registerOptions, remove } from './actions.ts';
import { signIn, signInOptions } from './sign-in.ts';

export { isPasskeyAction, showPasskeyAction } from './actions.ts';

/** Signing in with a passkey, and adding and removing one (decision 0071). */
export function passkeyRoutes(app: FastifyInstance, deps: InteractionDeps): void {
  interactionPosts(app, deps, [
    ['passkey/options', signInOptions],
    ['passkey/sign-in', signIn],
    ['passkey/register-options', registerOptions],
    ['passkey/register', register],
    ['passkey/remove', remove],
  ]);
}
