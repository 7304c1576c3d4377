import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { crmOutbox } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { CrmRefused, CrmUnavailable, type CrmLog } from '../crm-client.ts';
import { MissingReference } from '../mirror/links.ts';
import type { Entry } from './claim.ts';

// The outbox's third step (decision 0061): a write that did not go is tried again later, backing
// off; one the CRM refuses for good is parked for an operator, never dropped.

/** Backoff after the n-th failed attempt: 1 s, 2 s, 4 s … at most 5 minutes. */
export const backoffMs = (attempts: number) => Math.min(300_000, 1000 * 2 ** (attempts - 1));
/** A reference to a record the CRM does not have yet waits this many attempts, then parks. */
const MISSING_REFERENCE_ATTEMPTS = 12;

export interface Failure {
  kind: 'retried' | 'parked';
  attempts: number;
  message: string;
  /** Before the next attempt (retried only). */
  waitMs: number;
}

/**
 * What becomes of a write that failed. Only the CRM's refusal, or a reference that never
 * arrives, parks a write. A conflict that came back during its merge, the database away, or
 * anything else unexpected is tried again: nothing is parked for a fault of ours or of the moment.
 */
export function failureOf(entry: Entry, error: unknown): Failure {
  const attempts = entry.attempts + 1;
  const parkForGood =
    error instanceof CrmRefused ||
    (error instanceof MissingReference && attempts >= MISSING_REFERENCE_ATTEMPTS);
  const message = error instanceof Error ? error.message : String(error);
  const waitMs = Math.max(
    backoffMs(attempts),
    error instanceof CrmUnavailable ? (error.retryAfterMs ?? 0) : 0,
  );
  return { kind: parkForGood ? 'parked' : 'retried', attempts, message, waitMs };
}

/** Writes the failure to the entry: its next attempt, or parked with an audit entry and a log. */
export async function recordFailure(
  db: Db,
  log: CrmLog,
  entry: Entry,
  failure: Failure,
): Promise<void> {
  const { attempts, message } = failure;
  if (failure.kind === 'parked') {
    await db.transaction(async (tx) => {
      await tx
        .update(crmOutbox)
        .set({ status: 'parked', attempts, lockedUntil: null, lastError: message })
        .where(eq(crmOutbox.id, entry.id));
      await audit(tx, {
        actorCustomerId: null,
        action: 'crm.write.parked',
        entity: entry.entity,
        entityId: entry.portalKey,
        data: { outboxId: entry.id, reason: message },
      });
    });
    log.error(
      { outboxId: entry.id, entity: entry.entity, reason: message },
      'a write the CRM refused is parked for an operator',
    );
    return;
  }
  await db
    .update(crmOutbox)
    .set({
      attempts,
      lockedUntil: null,
      lastError: message,
      nextAttemptAt: sql`now() + make_interval(secs => ${failure.waitMs / 1000})`,
    })
    .where(eq(crmOutbox.id, entry.id));
}
