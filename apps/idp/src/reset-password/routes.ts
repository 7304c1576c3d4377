import type { FastifyInstance } from 'fastify';
import { pageRoute } from '../app/page-route.ts';
import { ACCOUNT_PAGES } from '../forms/paths.ts';
import type { FormDeps } from '../forms/types.ts';
import { forgotPasswordForm } from './forgot.ts';
import { showResetPassword, submitResetPassword } from './reset.ts';

/** Forgotten password: a link by mail, then a new password (decision 0020). */
export function resetPasswordRoutes(app: FastifyInstance, deps: FormDeps): void {
  const { forgotPassword, resetPassword } = ACCOUNT_PAGES;
  pageRoute(app, forgotPassword, {
    GET: (request, reply) => forgotPasswordForm.show(deps, request, reply),
    POST: (request, reply) => forgotPasswordForm.submit(deps, request, reply),
  });
  pageRoute(app, resetPassword, {
    GET: (request, reply) => showResetPassword(deps, request, reply),
    POST: (request, reply) => submitResetPassword(deps, request, reply),
  });
}
