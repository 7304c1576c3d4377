import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { crmConnection, crmLinks, crmReports, crmSyncState } from '../db/schema.ts';
import { crmAwayMs } from './away.ts';
import { CRM_ENTITIES } from './crm-client.ts';
import { organisationText } from './organisation.ts';

// What an operator sees of the CRM sync (`GET /operator/crm`, docs/operations.md): the outbox's
// depth, the last sync of each kind of record, the CRM records it did not take, and a state.
// While the CRM asks every instance to wait (a 429's Retry-After, or the portal's share of the
// service protection limits spent: `away.ts`), the state is `throttled` and `throttle` says until
// when; the readiness only tells it (`management/health.ts`).

export interface CrmHealth {
  provider: string;
  state: 'ok' | 'behind' | 'throttled' | 'failing';
  /** While the CRM asks to be left alone: until when, and the seconds left; else null. */
  throttle: { until: string; retryAfterSeconds: number } | null;
  lastSyncAt: string | null;
  /** When the first import of every kind of record finished; null while it has not. */
  importedAt: string | null;
  outbox: { waiting: number; oldestWaitingAt: string | null; parked: number };
  /**
   * The CRM organisation the mirror belongs to, and another one an instance met (`seen`): then
   * the sync and the outbox stand still and `problem` says why (`organisation.ts`).
   */
  organisation: { id: string | null; seen: string | null; problem: string | null };
  entities: Awaited<ReturnType<typeof syncHealth>>;
  /** How many CRM records the portal did not take, and the latest of them with their reason. */
  reportedCount: number;
  reported: Awaited<ReturnType<typeof reportedRecords>>['records'];
}

/** Records listed at most: the count tells whether there are more. */
const REPORTED_LISTED = 100;

/** The CRM records reported instead of taken (issue 44), latest first. */
export async function reportedRecords(db: Executor) {
  const [records, [count]] = await Promise.all([
    db
      .select({
        entity: crmReports.entity,
        crmId: crmReports.crmId,
        reason: crmReports.reason,
        reportedAt: crmReports.reportedAt,
      })
      .from(crmReports)
      .orderBy(desc(crmReports.reportedAt), crmReports.entity, crmReports.crmId)
      .limit(REPORTED_LISTED),
    db.select({ n: sql<number>`count(*)::int` }).from(crmReports),
  ]);
  return {
    count: Number(count?.n ?? 0),
    records: records.map((r) => ({ ...r, reportedAt: r.reportedAt.toISOString() })),
  };
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

/** When each kind of record was last read from the CRM, and the last error. */
export async function syncHealth(db: Executor) {
  const rows = await db.select().from(crmSyncState);
  const links = await db
    .select({ entity: crmLinks.entity, count: sql<number>`count(*)::int` })
    .from(crmLinks)
    .groupBy(crmLinks.entity);
  return CRM_ENTITIES.map((entity) => {
    const row = rows.find((r) => r.entity === entity);
    return {
      entity,
      lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null,
      lastError: row?.lastError ?? null,
      lastErrorAt: row?.lastErrorAt?.toISOString() ?? null,
      linked: Number(links.find((l) => l.entity === entity)?.count ?? 0),
    };
  });
}

/**
 * `failing` when another organisation answers or a kind of record's last round failed, but
 * `throttled` while the CRM asks to wait (its refusals are such failures); `behind` when a sync
 * or the oldest waiting write is older than three sync intervals, or writes are parked.
 */
export async function crmHealth(
  db: Executor,
  provider: string,
  syncSeconds: number,
): Promise<CrmHealth> {
  const [outbox, entities, [connection], reported, awayMs] = await Promise.all([
    outboxHealth(db),
    syncHealth(db),
    db.select().from(crmConnection),
    reportedRecords(db),
    crmAwayMs(db),
  ]);
  const successes = entities.map((e) => e.lastSuccessAt);
  const lastSyncAt = successes.includes(null)
    ? null
    : successes.reduce((a, b) => (a! < b! ? a : b), successes[0] ?? null);
  const behindMs = syncSeconds * 3 * 1000;
  const failing = entities.some(
    (e) => e.lastErrorAt !== null && (e.lastSuccessAt === null || e.lastErrorAt > e.lastSuccessAt),
  );
  const late =
    lastSyncAt === null ||
    Date.now() - Date.parse(lastSyncAt) > behindMs ||
    (outbox.oldestWaitingAt !== null && Date.now() - Date.parse(outbox.oldestWaitingAt) > behindMs);
  const organisation = {
    id: connection?.organisationId ?? null,
    seen: connection?.otherOrganisationId ?? null,
    problem: connection?.otherOrganisationId
      ? organisationText(connection.organisationId ?? '(none)', connection.otherOrganisationId)
      : null,
  };
  const throttle =
    awayMs > 0
      ? {
          until: new Date(Date.now() + awayMs).toISOString(),
          retryAfterSeconds: Math.ceil(awayMs / 1000),
        }
      : null;
  const state = organisation.seen
    ? 'failing'
    : throttle
      ? 'throttled'
      : failing
        ? 'failing'
        : late || outbox.parked > 0
          ? 'behind'
          : 'ok';
  return {
    provider,
    state,
    throttle,
    lastSyncAt,
    importedAt: connection?.importedAt?.toISOString() ?? null,
    outbox,
    organisation,
    entities,
    reportedCount: reported.count,
    reported: reported.records,
  };
}
