import { sql } from 'drizzle-orm';
import { calls, ErrorCode } from '@pp/contract';
import type { Db } from '../../db/client.ts';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../lib/database/database-outage.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

const DB_TIMEOUT_MS = 2000;
/** Probes share one check of the database per second, however many arrive (issue 13). */
const CHECK_EVERY_MS = 1000;

interface Check {
  at: number;
  answered: Promise<boolean>;
}
const checks = new WeakMap<Db, Check>();

function databaseAnswers(db: Db): Promise<boolean> {
  const last = checks.get(db);
  if (last && Date.now() - last.at < CHECK_EVERY_MS) return last.answered;
  const answered = Promise.race([
    db.execute(sql`select 1`).then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DB_TIMEOUT_MS).unref()),
  ]).catch(() => false);
  checks.set(db, { at: Date.now(), answered });
  return answered;
}

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
