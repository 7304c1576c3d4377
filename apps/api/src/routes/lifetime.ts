import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { calls, ErrorCode } from '@pp/contract';
import { ApiError } from '../lib/problem.ts';
import { registerCall } from './register-call.ts';

const DB_TIMEOUT_MS = 2000;

export default async function lifetime(app: FastifyInstance) {
  registerCall(app, calls.lifetimeIsAlive, async (request) => {
    try {
      await Promise.race([
        app.db.execute(sql`select 1`),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('database timeout')), DB_TIMEOUT_MS).unref(),
        ),
      ]);
    } catch (error) {
      request.log.warn({ err: error }, 'database does not answer');
      throw new ApiError(503, ErrorCode.unavailable);
    }
    return { status: 'ok' as const };
  });

  registerCall(app, calls.lifetimePrivate, async () => ({ status: 'ok' as const }));

  registerCall(app, calls.lifetimePrivateScoped, async (request) => {
    if (!request.token!.scopes.includes(app.config.oidc.apiScope)) {
      throw new ApiError(403, ErrorCode.forbidden, undefined, {
        'www-authenticate': `Bearer realm="practice-portal", error="insufficient_scope", scope="${app.config.oidc.apiScope}"`,
      });
    }
    return { status: 'ok' as const };
  });
}
