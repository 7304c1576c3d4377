import type { FastifyInstance } from 'fastify';
import { allowOnly } from '../../app/allow-only.ts';
import { ACCOUNT_PAGES } from '../../forms/paths.ts';
import type { FormDeps } from '../../forms/types.ts';
import { forgotPasswordForm } from './forgot.ts';
import { showResetPassword, submitResetPassword } from './reset.ts';

/** Forgotten password: a link by mail, then a new password (decision 0020). */
export function resetPasswordRoutes(app: FastifyInstance, deps: FormDeps): void {
  const { forgotPassword, resetPassword } = ACCOUNT_PAGES;
  app.get(forgotPassword, (request, reply) => forgotPasswordForm.show(deps, request, reply));
  app.post(forgotPassword, (request, reply) => forgotPasswordForm.submit(deps, request, reply));
  allowOnly(app, forgotPassword, ['GET', 'POST']);

  app.get(resetPassword, (request, reply) => showResetPassword(deps, request, reply));
  app.post(resetPassword, (request, reply) => submitResetPassword(deps, request, reply));
  allowOnly(app, resetPassword, ['GET', 'POST']);
}
