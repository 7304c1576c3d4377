import { asc, eq, sql } from 'drizzle-orm';

import type { Db, Executor } from '../db/client.ts';
import { crmNotices, crmOutbox } from '../db/schema.ts';
import { audit } from '../lib/audit/audit-log.ts';
import { CRM_REFERENCES } from './fields.ts';
import {
  applyRecord,
  crmIdOf,
  asSync,
  COLUMNS,
  crmIdForNew,
  currentRow,
  fieldOfColumn,
  fieldsOfRow,
  linkOf,
  MissingReference,
  pushable,
  sameValue,
  saveLink,
  valueOfJson,
} from './mirror.ts';
import {
  CrmConflict,
  CrmRefused,
  CrmUnavailable,
  type CrmEntity,
  type CrmValue,
  type RecordStoreAdapter,
} from './port.ts';
import type { CrmLog } from './port.ts';

// The outbox's worker (decision 0061): pushes the changes the triggers wrote, oldest first and
// one at a time per record, so a record's writes reach the CRM in the order they were made. A
// busy or absent CRM only delays them; a write the CRM refuses for good is parked for an
// operator, never dropped.

type Entry = typeof crmOutbox.$inferSelect;

/** How long a claimed entry is someone's before another instance may take it over. */
const CLAIM_SECONDS = 60;
/** Backoff after the n-th failed attempt: 1 s, 2 s, 4 s … at most 5 minutes. */
export const backoffMs = (attempts: number) => Math.min(300_000, 1000 * 2 ** (attempts - 1));
/** A reference to a record the CRM does not have yet waits this many attempts, then parks. */
const MISSING_REFERENCE_ATTEMPTS = 12;

/**
 * Entries of one record taken in one claim, and records pushed side by side. Each write waits on
 * the database and the CRM, so 16 side by side drained the fault suite's 27,700 writes in 77 s
 * where 8 took 124 s for 25,500 (docs/operations.md); two instances then keep 32 requests open,
 * below Dataverse's service protection limit of 52 concurrent requests per user
 * (learn.microsoft.com/power-apps/developer/data-platform/api-limits).
 */
const RUN_LENGTH = 25;
const RECORDS_AT_ONCE = 16;
/**
 * Records looked at per record claimed: only their first entries are checked for a reference
 * the CRM does not have yet, not the whole outbox (which runs to tens of thousands while the CRM
 * is away). Records held that way fill this window only while their record's creation waits.
 */
const CANDIDATES_PER_RECORD = 16;

/** Each column holding a reference, as `(table, column, entity it points to)` rows for SQL. */
const REFERENCE_COLUMNS = sql.join(
  Object.values(COLUMNS).flatMap((places) =>
    Object.entries(places)
      .filter(([field, place]) => place.kind === 'reference' && CRM_REFERENCES[field])
      .map(
        ([field, place]) =>
          sql`(${place.table}::text, ${place.column}::text, ${CRM_REFERENCES[field]}::text)`,
      ),
  ),
  sql`, `,
);

/**
 * Two instances may read the same free records at once; the one whose update comes second
 * waits for the first one's claim and then sees, for each row, only what holds now: a row the
 * first one has meanwhile sent (`done`, no claim) must not be taken again, hence the status in
 * the update's own condition (a finding of the fault suite: writes sent twice, and later ones
 * lost to the 412s they caused).
 *
 * Claims, for records whose first waiting entry is due and that no instance is working on, the
 * first {@link RUN_LENGTH} waiting entries in order: a record's entries are pushed one after
 * another by one worker, different records side by side. An instance that dies with a claim
 * loses it after {@link CLAIM_SECONDS}.
 *
 * An entry that points to a record the CRM does not have yet (a new location of a new practice)
 * is held while that record has an earlier waiting entry: it goes after that record's creation,
 * not beside it into a missing reference (a finding of the server's test run, where the two
 * were pushed side by side). A record's run ends before its first held entry.
 */
async function claimDue(db: Executor, records: number): Promise<Entry[][]> {
  const result = await db.execute(sql`
    with waiting as (
      select e.id, e.entity, e.portal_key, e.next_attempt_at,
             e.locked_until is not null and e.locked_until >= now() as claimed,
             row_number() over (partition by e.entity, e.portal_key order by e.id) as place
      from crm_outbox e
      where e.status = 'waiting'),
    candidates as (
      select entity, portal_key, min(id) as first from waiting
      group by entity, portal_key
      having not bool_or(claimed)
        and min(next_attempt_at) filter (where place = 1) <= now()
      order by min(id)
      limit ${records * CANDIDATES_PER_RECORD}),
    run as (
      select w.id, w.entity, w.portal_key, w.place, c.first,
             exists (
               select 1 from (values ${REFERENCE_COLUMNS}) r(table_name, column_name, target)
               join crm_outbox p on p.status = 'waiting' and p.entity = r.target
                 and p.portal_key = e.changes -> r.column_name ->> 'to' and p.id < e.id
               where r.table_name = e.table_name
                 and not exists (select 1 from crm_links l
                                 where l.entity = r.target and l.portal_key = p.portal_key)
             ) as held
      from waiting w
      join candidates c on c.entity = w.entity and c.portal_key = w.portal_key
      join crm_outbox e on e.id = w.id
      where w.place <= ${RUN_LENGTH}),
    free as (
      select entity, portal_key, first,
             coalesce(min(place) filter (where held), ${RUN_LENGTH + 1}) as stop
      from run
      group by entity, portal_key, first
      having not bool_or(held and place = 1)
      order by first
      limit ${records})
    update crm_outbox o set locked_until = now() + make_interval(secs => ${CLAIM_SECONDS})
    from run w join free f on f.entity = w.entity and f.portal_key = w.portal_key
    where o.id = w.id and w.place < f.stop
      and o.status = 'waiting' and (o.locked_until is null or o.locked_until < now())
    returning o.id`);
  const ids = (result as unknown as { rows: { id: string | number }[] }).rows.map((r) =>
    Number(r.id),
  );
  if (ids.length === 0) return [];
  const entries = await db
    .select()
    .from(crmOutbox)
    .where(sql`${crmOutbox.id} in ${ids} and ${crmOutbox.status} = 'waiting'`)
    .orderBy(asc(crmOutbox.id));
  const runs = new Map<string, Entry[]>();
  for (const entry of entries) {
    const key = `${entry.entity}|${entry.portalKey}`;
    runs.set(key, [...(runs.get(key) ?? []), entry]);
  }
  return [...runs.values()];
}

interface Change {
  from: CrmValue;
  to: CrmValue;
}

/** The entry's changed columns as the port's fields (columns the CRM does not hold left out). */
function changedFields(entry: Entry): Map<string, Change> {
  const entity = entry.entity as CrmEntity;
  const fields = new Map<string, Change>();
  for (const [column, change] of Object.entries(
    entry.changes as Record<string, { from: unknown; to: unknown }>,
  )) {
    const field = fieldOfColumn(entity, entry.tableName, column);
    if (!field) continue;
    const place = COLUMNS[entity][field]!;
    fields.set(field, { from: valueOfJson(place, change.from), to: valueOfJson(place, change.to) });
  }
  return fields;
}

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
  adapter: RecordStoreAdapter,
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
        await release(run.slice(index));
        return;
      }
      // A slow CRM must not let the claim run out under a run in progress: another instance
      // would take the record's later writes and send them beside these.
      if (Date.now() - claimedAt > (CLAIM_SECONDS * 1000) / 3) {
        await db
          .update(crmOutbox)
          .set({ lockedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
          .where(sql`${crmOutbox.id} in ${run.slice(index).map((e) => e.id)}`);
        claimedAt = Date.now();
      }
      try {
        const merged = await pushEntry(db, adapter, entry);
        if (merged) outcome.merged++;
        outcome.pushed++;
      } catch (error) {
        if (!(error instanceof CrmUnavailable || error instanceof CrmRefused)) {
          log.warn({ outboxId: entry.id, err: error }, 'a write to the CRM will be tried again');
        }
        // With the database away this fails too: the claim then runs out, and it is tried again.
        await failed(entry, error).catch(() => undefined);
        // A record's later writes wait for this one; the CRM busy means every record waits.
        if (error instanceof CrmUnavailable) {
          crmAway = true;
          outcome.crmAwayMs = Math.max(outcome.crmAwayMs ?? 0, error.retryAfterMs ?? 0);
        }
        if (!(error instanceof CrmRefused)) {
          await release(run.slice(index + 1));
          return;
        }
      }
    }
  }

  async function release(entries: Entry[]): Promise<void> {
    if (entries.length === 0) return;
    await db
      .update(crmOutbox)
      .set({ lockedUntil: null })
      .where(sql`${crmOutbox.id} in ${entries.map((e) => e.id)}`);
  }

  async function failed(entry: Entry, error: unknown): Promise<void> {
    const attempts = entry.attempts + 1;
    // Only the CRM's refusal, or a reference that never arrives, parks a write. A conflict that
    // came back during its merge, the database away, or anything else unexpected is tried
    // again: nothing is parked for a fault of ours or of the moment.
    const parkForGood =
      error instanceof CrmRefused ||
      (error instanceof MissingReference && attempts >= MISSING_REFERENCE_ATTEMPTS);
    const message = error instanceof Error ? error.message : String(error);
    if (parkForGood) {
      outcome.parked++;
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
    outcome.retried++;
    const wait = Math.max(
      backoffMs(attempts),
      error instanceof CrmUnavailable ? (error.retryAfterMs ?? 0) : 0,
    );
    await db
      .update(crmOutbox)
      .set({
        attempts,
        lockedUntil: null,
        lastError: message,
        nextAttemptAt: sql`now() + make_interval(secs => ${wait / 1000})`,
      })
      .where(eq(crmOutbox.id, entry.id));
  }

  // Rounds until nothing is due (or the CRM is away, or the connector stops).
  for (let round = 0; round < 100 && !crmAway && !stopped(); round++) {
    const runs = await claimDue(db, RECORDS_AT_ONCE);
    if (runs.length === 0) break;
    await Promise.all(runs.map(pushRun));
  }
  return outcome;
}

/** What the entry's last transaction does besides marking it done. */
type Finish = (tx: Executor) => Promise<void>;

/**
 * Pushes one entry and marks it done in the same transaction as the link's new version: a
 * restart between the CRM's answer and that transaction leaves the old version, so the retry
 * meets a 412 and finds its change there, instead of sending it a second time.
 */
async function pushEntry(db: Db, adapter: RecordStoreAdapter, entry: Entry): Promise<boolean> {
  const finish = (extra?: Finish) =>
    db.transaction(async (tx) => {
      await extra?.(tx);
      await tx
        .update(crmOutbox)
        .set({ status: 'done', doneAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(eq(crmOutbox.id, entry.id));
    });
  const entity = entry.entity as CrmEntity;
  const link = await linkOf(db, entity, entry.portalKey);
  const row = await currentRow(db, entity, entry.portalKey);
  const operationId = entry.operationId;

  if (entry.operation === 'DELETE' || !row || !pushable(entity, row)) {
    // Gone here (or no longer the CRM's, like a membership back to a request): gone there.
    if (!link || (row && entry.operation !== 'DELETE')) {
      await finish();
      return false;
    }
    await adapter.write({ operationId, entity, id: link.crmId, kind: 'delete', fields: {} });
    await finish(async (tx) => {
      await tx.execute(
        sql`delete from crm_links where entity = ${entity} and portal_key = ${entry.portalKey}`,
      );
    });
    return false;
  }

  if (!link) {
    // New to the CRM: the whole record, under a key that is the same on every retry.
    const id = crmIdForNew(entity, entry.portalKey);
    const fields = await fieldsOfRow(db, entity, row);
    const { etag } = await adapter.write({ operationId, entity, id, kind: 'create', fields });
    await finish((tx) => saveLink(tx, entity, entry.portalKey, id, etag));
    return false;
  }

  const changes = changedFields(entry);
  if (changes.size === 0) {
    await finish();
    return false;
  }
  // Each write carries the values of its own change, so a record's changes reach the CRM one
  // after another as they were made, not the latest state several times.
  const fields = await valuesOfChange(db, entity, changes);
  try {
    const { etag } = await adapter.write({
      operationId,
      entity,
      id: link.crmId,
      kind: 'update',
      fields,
      ...(link.etag ? { etag: link.etag } : {}),
    });
    await finish((tx) => saveLink(tx, entity, entry.portalKey, link.crmId, etag));
    return false;
  } catch (error) {
    if (!(error instanceof CrmConflict)) throw error;
    await mergeConflict(db, adapter, entry, link.crmId, changes, finish);
    return true;
  }
}

async function valuesOfChange(
  db: Executor,
  entity: CrmEntity,
  changes: Map<string, Change>,
): Promise<Record<string, CrmValue>> {
  const fields: Record<string, CrmValue> = {};
  for (const [field, change] of changes) {
    const target = CRM_REFERENCES[field];
    if (COLUMNS[entity][field]!.kind === 'reference' && target) {
      fields[field] = change.to === null ? null : await crmIdOf(db, target, String(change.to));
    } else {
      fields[field] = change.to;
    }
  }
  return fields;
}

/**
 * The record changed in the CRM since the mirror read it (412). A field the person changed
 * keeps their value where the CRM still holds the value they started from; where the CRM changed
 * it too, the CRM's value stays and the person gets a notice. Every other field takes the CRM's
 * value. Each such case is an audit entry.
 */
async function mergeConflict(
  db: Db,
  adapter: RecordStoreAdapter,
  entry: Entry,
  crmId: string,
  changes: Map<string, Change>,
  finish: (extra: Finish) => Promise<void>,
): Promise<void> {
  const entity = entry.entity as CrmEntity;
  const theirs = await adapter.read(entity, crmId);
  if (!theirs) throw new CrmRefused(`the ${entity} is no longer in the CRM`, 404);
  const ours: Record<string, CrmValue> = {};
  const lost: string[] = [];
  const now = await valuesOfChange(db, entity, changes);
  for (const [field, change] of changes) {
    // A reference started from a portal id: compared as the CRM's key of that record.
    const target = CRM_REFERENCES[field];
    const started =
      target && typeof change.from === 'string'
        ? ((await linkOf(db, target, change.from))?.crmId ?? change.from)
        : change.from;
    if (sameValue(theirs.fields[field], started)) ours[field] = now[field] ?? null;
    else if (!sameValue(theirs.fields[field], now[field])) lost.push(field);
  }
  let etag = theirs.etag;
  if (Object.keys(ours).length > 0) {
    ({ etag } = await adapter.write({
      operationId: entry.operationId,
      entity,
      id: crmId,
      kind: 'update',
      fields: ours,
      etag,
    }));
  }
  await finish(async (tx) => {
    await asSync(tx);
    await applyRecord(tx, theirs, entry.portalKey, new Set(Object.keys(ours)));
    await saveLink(tx, entity, entry.portalKey, crmId, etag);
    const person = personOf(entity, entry.portalKey);
    if (lost.length > 0 && person) {
      await tx
        .insert(crmNotices)
        .values({ customerId: person, entity, portalKey: entry.portalKey, fields: lost });
    }
    await audit(tx, {
      actorCustomerId: null,
      action: 'crm.write.conflict',
      entity,
      entityId: entry.portalKey,
      data: { outboxId: entry.id, kept: Object.keys(ours), crmKept: lost },
    });
  });
}

/** Whose change a conflict is about, for the notice: the customer of a customer record. */
function personOf(entity: CrmEntity, portalKey: string): string | undefined {
  return entity === 'customer' ? portalKey : undefined;
}

/** What an operator looks at: depth of the outbox, its oldest waiting write, parked writes. */
export async function outboxHealth(db: Executor) {
  const result = await db.execute(sql`
    select count(*) filter (where status = 'waiting')::int as waiting,
           min(created_at) filter (where status = 'waiting') as oldest_waiting,
           count(*) filter (where status = 'parked')::int as parked
    from crm_outbox`);
  const [row] = (
    result as unknown as {
      rows: { waiting: number; oldest_waiting: string | Date | null; parked: number }[];
    }
  ).rows;
  return {
    waiting: Number(row?.waiting ?? 0),
    oldestWaitingAt: row?.oldest_waiting ? new Date(row.oldest_waiting).toISOString() : null,
    parked: Number(row?.parked ?? 0),
  };
}
