import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { CrmRefused, CrmUnavailable, type CrmClient, type CrmLog } from '../crm-client.ts';
import {
  CLAIM_SECONDS,
  claimDue,
  extendClaims,
  RECORDS_AT_ONCE,
  releaseClaims,
  type Entry,
} from './claim.ts';
import { pushEntry } from './push.ts';
import { failureOf, recordFailure } from './retry.ts';

// The outbox's worker (decision 0061): pushes the changes the triggers wrote, oldest first and
// one at a time per record, so a record's writes reach the CRM in the order they were made. A
// round claims what is due (`claim.ts`), pushes each entry (`push.ts`, a conflict merged by
// `merge.ts`) and schedules or parks what did not go (`retry.ts`).

export interface OutboxOutcome {
  pushed: number;
  retried: number;
  parked: number;
  merged: number;
  /** Set when the CRM was busy or away: how long it asked to be left alone (0: no say). */
  crmAwayMs?: number;
}

/** One round: claims what is due and pushes it. Returns what happened, for the logs and tests. */
export async function pushOutbox(
  db: Db,
  client: CrmClient,
  log: CrmLog,
  options: { stopped?: () => boolean } = {},
): Promise<OutboxOutcome> {
  const outcome: OutboxOutcome = { pushed: 0, retried: 0, parked: 0, merged: 0 };
  const stopped = options.stopped ?? (() => false);
  let crmAway = false;

  /** Pushes a record's claimed entries in order; stops at the first that does not go. */
  async function pushRun(run: Entry[]): Promise<void> {
    let claimedAt = Date.now();
    for (const [index, entry] of run.entries()) {
      if (crmAway || stopped()) {
        await releaseClaims(db, run.slice(index));
        return;
      }
      if (Date.now() - claimedAt > (CLAIM_SECONDS * 1000) / 3) {
        await extendClaims(db, run.slice(index));
        claimedAt = Date.now();
      }
      try {
        const merged = await pushEntry(db, client, entry);
        if (merged) outcome.merged++;
        outcome.pushed++;
      } catch (error) {
        if (!(error instanceof CrmUnavailable || error instanceof CrmRefused)) {
          log.warn({ outboxId: entry.id, err: error }, 'a write to the CRM will be tried again');
        }
        const failure = failureOf(entry, error);
        outcome[failure.kind]++;
        // With the database away this fails too: the claim then runs out, and it is tried again.
        await recordFailure(db, log, entry, failure).catch(() => undefined);
        // A record's later writes wait for this one; the CRM busy means every record waits.
        if (error instanceof CrmUnavailable) {
          crmAway = true;
          outcome.crmAwayMs = Math.max(outcome.crmAwayMs ?? 0, error.retryAfterMs ?? 0);
        }
        if (!(error instanceof CrmRefused)) {
          await releaseClaims(db, run.slice(index + 1));
          return;
        }
      }
    }
  }

  // Rounds until nothing is due (or the CRM is away, or the connector stops).
  for (let round = 0; round < 100 && !crmAway && !stopped(); round++) {
    const runs = await claimDue(db, RECORDS_AT_ONCE);
    if (runs.length === 0) break;
    await Promise.all(runs.map(pushRun));
  }
  return outcome;
}

/** What was sent stays a month for the audit's questions, then goes. */
export async function forgetSentWrites(db: Db): Promise<void> {
  await db.execute(sql`delete from crm_outbox
    where status = 'done' and done_at < now() - interval '30 days'`);
}
