import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { allowOnly } from '../../app/allow-only.ts';
import { finishInteraction } from '../../interaction/finish.ts';
import { formField, readForm } from '../../interaction/form.ts';
import { INTERACTION_ROUTE, InteractionParams } from '../../interaction/params.ts';
import { postedInteraction } from '../../interaction/posted.ts';
import type { InteractionDeps } from '../../interaction/types.ts';
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
  const login = `${INTERACTION_ROUTE}/login`;
  const abort = `${INTERACTION_ROUTE}/abort`;
  app.post(login, (request, reply) => submitSignIn(deps, request, reply));
  allowOnly(app, login, 'POST');
  app.post(abort, (request, reply) => abortSignIn(deps, request, reply));
  allowOnly(app, abort, 'POST');
  const language = `${INTERACTION_ROUTE}/language`;
  app.post(language, (request, reply) => switchLanguage(deps, request, reply));
  allowOnly(app, language, 'POST');
}
