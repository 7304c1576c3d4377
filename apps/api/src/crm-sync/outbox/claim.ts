import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { crmOutbox } from '../../db/schema.ts';
import { CRM_REFERENCES } from '../fields.ts';
import { COLUMNS } from '../mirror/columns.ts';

// The outbox's first step (decision 0061): claiming the entries due, a record's in order, so that
// several instances push side by side without sending a record's writes twice or out of order.

export type Entry = typeof crmOutbox.$inferSelect;

/** How long a claimed entry is someone's before another instance may take it over. */
export const CLAIM_SECONDS = 60;

/**
 * Entries of one record taken in one claim, and records pushed side by side. Each write waits on
 * the database and the CRM, so 16 side by side drained the fault suite's 27,700 writes in 77 s
 * where 8 took 124 s for 25,500 (docs/operations.md); two instances then keep 32 requests open,
 * below Dataverse's service protection limit of 52 concurrent requests per user
 * (learn.microsoft.com/power-apps/developer/data-platform/api-limits).
 */
const RUN_LENGTH = 25;
export const RECORDS_AT_ONCE = 16;
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
export async function claimDue(db: Executor, records: number): Promise<Entry[][]> {
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

/**
 * Claims the entries again for {@link CLAIM_SECONDS}: a slow CRM must not let the claim run out
 * under a run in progress, or another instance would take the record's later writes and send
 * them beside these.
 */
export async function extendClaims(db: Executor, entries: readonly Entry[]): Promise<void> {
  await db
    .update(crmOutbox)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
    .where(sql`${crmOutbox.id} in ${entries.map((e) => e.id)}`);
}

/** Gives claimed entries back, for the next round (or another instance) to take. */
export async function releaseClaims(db: Executor, entries: readonly Entry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .update(crmOutbox)
    .set({ lockedUntil: null })
    .where(sql`${crmOutbox.id} in ${entries.map((e) => e.id)}`);
}
