import { sql } from 'drizzle-orm';
import type { IdpDb } from '../../src/db/database.ts';

/**
 * Lets `seconds` pass for every throttle key, as the clock would: tests use waits far longer than
 * any step takes, so a slow machine cannot outlast one, and pass the time here instead of sleeping.
 */
export async function passThrottleTime(db: IdpDb, seconds: number): Promise<void> {
  await db.execute(
    sql`update idp_throttle set
      last_failure_at = last_failure_at - make_interval(secs => ${seconds}),
      next_allowed_at = next_allowed_at - make_interval(secs => ${seconds})`,
  );
}
