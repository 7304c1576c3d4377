import { calls, ErrorCode } from '@pp/contract';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../lib/database/database-outage.ts';
import { databaseAnswers } from '../../lib/database/liveness.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

/** 200 when the database answered within 2 seconds (checked at most once a second), else 503. */
export default defineRoute(calls.lifetimeIsAlive, async (request) => {
  // Shutting down: a proxy's health check takes the instance out before it stops listening.
  if (request.server.draining) {
    throw new ApiError(503, ErrorCode.unavailable, undefined, { 'retry-after': '1' });
  }
  if (!(await databaseAnswers(request.server.db))) {
    request.server.databaseOutage.failed(request.log);
    throw new ApiError(503, ErrorCode.unavailable, undefined, {
      'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS),
    });
  }
  return { status: 'ok' as const };
});
