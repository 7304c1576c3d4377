import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pageRoute } from '../app/page-route.ts';
import { finishInteraction } from '../interaction/finish.ts';
import { formField, readForm } from '../interaction/form.ts';
import { INTERACTION_ROUTE, InteractionParams } from '../interaction/params.ts';
import { postedInteraction } from '../interaction/posted.ts';
import type { InteractionDeps } from '../interaction/types.ts';
import { switchLanguage } from './language.ts';
import { submitSignIn } from './submit.ts';

const AbortForm = z.object({ csrf: formField });

/** "Abbrechen" on the sign-in page: the portal gets `access_denied`. */
async function abortSignIn(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const { uid } = InteractionParams.parse(request.params);
  const form = readForm(AbortForm, request.body);
  await postedInteraction(deps, request, reply, uid, form.csrf);
  const result = { error: 'access_denied', error_description: 'End-User aborted interaction' };
  return finishInteraction(deps, request, reply, result, false);
}

/** The sign-in page's forms (sign in, cancel, language); the page itself is the interaction's (`showSignIn`). */
export function signInRoutes(app: FastifyInstance, deps: InteractionDeps): void {
  pageRoute(app, `${INTERACTION_ROUTE}/login`, {
    POST: (request, reply) => submitSignIn(deps, request, reply),
  });
  pageRoute(app, `${INTERACTION_ROUTE}/abort`, {
    POST: (request, reply) => abortSignIn(deps, request, reply),
  });
  pageRoute(app, `${INTERACTION_ROUTE}/language`, {
    POST: (request, reply) => switchLanguage(deps, request, reply),
  });
}
