import { sql } from 'drizzle-orm';
import type { IdpDb } from '../db/database.ts';
import { idpEndedSessions } from '../db/schema.ts';
import { LIFETIMES } from '../lifetimes.ts';

/**
 * How long an ended session stays listed: an access token issued at its end lives its minutes,
 * the api accepts it a clock leeway past its expiry, and a renewal racing the end may issue one
 * a moment later (the second leeway).
 */
export const ENDED_SESSION_RETENTION = LIFETIMES.accessToken + 2 * LIFETIMES.clockTolerance;

/**
 * Lists sessions (by `uid`, the access tokens' `sid`) as ended, so the api refuses their access
 * tokens at once instead of for their remaining minutes (docs/product.md §2).
 */
export async function recordEndedSessions(db: IdpDb, sessionUids: string[]): Promise<void> {
  if (sessionUids.length === 0) return;
  await db
    .insert(idpEndedSessions)
    .values([...new Set(sessionUids)].map((sessionUid) => ({ sessionUid })))
    .onConflictDoUpdate({ target: idpEndedSessions.sessionUid, set: { endedAt: sql`now()` } });
}

/** Drops the sessions no token of which can be valid any more (swept with the provider's state). */
export async function sweepEndedSessions(db: IdpDb): Promise<void> {
  await db
    .delete(idpEndedSessions)
    .where(
      sql`${idpEndedSessions.endedAt} < now() - make_interval(secs => ${ENDED_SESSION_RETENTION})`,
    );
}
