import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { CrmUnavailable } from './crm-client.ts';

// How long the CRM asked to be left alone: Dataverse's service protection limits answer 429 with
// Retry-After, the time a client waits before its next request
// (learn.microsoft.com/power-apps/developer/data-platform/api-limits), and count the requests of
// the application user, whichever instance sends them. So the wait is kept where every instance
// sees it, a row of the rate limiter's shared table (`rate_limits`, no counter), and the outbox's
// pushes and the sync's rounds of all instances wait it out, not only the one that was told.

const KEY = 'crm-sync:away';

/** How long the CRM still asks every instance to wait (0: not at all). */
export async function crmAwayMs(db: Executor): Promise<number> {
  const result = await db.execute(sql`
    select greatest(0, extract(epoch from (reset_at - clock_timestamp())) * 1000)::float8 as ms
    from rate_limits where key = ${KEY}`);
  const [row] = (result as unknown as { rows: { ms: number | string }[] }).rows;
  return Math.ceil(Number(row?.ms ?? 0));
}

/** Records the CRM's Retry-After for every instance (the later of the two when one is kept). */
export async function noteCrmAway(db: Executor, ms: number | undefined): Promise<void> {
  if (!ms || ms <= 0) return;
  await db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values (${KEY}, 0, clock_timestamp() + make_interval(secs => ${ms / 1000}))
    on conflict (key) do update set reset_at = greatest(rate_limits.reset_at, excluded.reset_at)`);
}

/** Runs a call to the CRM and records the wait of a refusal with Retry-After before rethrowing. */
export async function notingAway<T>(db: Executor, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CrmUnavailable) await noteCrmAway(db, error.retryAfterMs);
    throw error;
  }
}
