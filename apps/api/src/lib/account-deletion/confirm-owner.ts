import type { FastifyRequest } from 'fastify';
import { ErrorCode, FieldErrorCode, type DeleteAccount } from '@pp/contract';
import { confirmAccountOwner } from '@pp/idp';
import { secondFactorKeyOptions } from '../../identity/embedded-provider.ts';
import { providerMailer } from '../../identity/provider-mailer.ts';
import { mailSiteOf } from '../../mail/outbox.ts';
import { ApiError } from '../http/problem.ts';

/** How recent a sign-in at an external provider must be to stand for its password. */
export const FRESH_SIGN_IN_SECONDS = 300;

const retryAfter = (waitSeconds: number) => ({ 'retry-after': String(Math.max(1, waitSeconds)) });

/**
 * The caller proves to be the account's owner before it is deleted (decision 0078). With the
 * embedded provider: its password, and where an authenticator app is set up a current code or
 * a recovery code, checked and throttled as at the sign-in (decisions 0051, 0064). An external
 * provider's password is not the portal's to check: its token must come from a sign-in of the
 * last few minutes (`auth_time`), which the provider asked for as it does at any sign-in.
 */
export async function confirmOwner(
  request: FastifyRequest,
  email: string,
  body: DeleteAccount,
): Promise<void> {
  const { config, db, log } = request.server;
  if (!config.oidc.embedded) {
    const authTime = request.token?.claims['auth_time'];
    const age = typeof authTime === 'number' ? Date.now() / 1000 - authTime : Infinity;
    if (!(age <= FRESH_SIGN_IN_SECONDS)) {
      throw new ApiError(403, ErrorCode.reauthenticationRequired);
    }
    return;
  }
  if (body.password === undefined) {
    throw ApiError.badRequest([{ field: 'body.password', code: FieldErrorCode.required }]);
  }
  const outcome = await confirmAccountOwner(
    {
      db,
      logger: log,
      mailer: providerMailer(mailSiteOf(config)),
      portalUrl: new URL('/', config.publicUrl).href,
      ...secondFactorKeyOptions(config),
    },
    {
      email,
      password: body.password,
      code: body.code,
      clientAddress: request.ip,
    },
  );
  switch (outcome.kind) {
    case 'confirmed':
      return;
    case 'code-required':
      throw ApiError.badRequest([{ field: 'body.code', code: FieldErrorCode.required }]);
    case 'throttled':
      throw new ApiError(429, ErrorCode.rateLimited, undefined, retryAfter(outcome.waitSeconds));
    case 'no-account':
    case 'wrong-password':
    case 'wrong-code':
      throw new ApiError(403, ErrorCode.confirmationFailed);
  }
}
