import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_KIND_NAMES,
  ACTIVITY_KINDS,
  activityKindOf,
  type ActivityEntry,
  type ActivityKind,
  type ActivityLog,
} from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { auditLog, companies, locations, memberships } from '../../db/schema.ts';
import { isUuid, peopleNamed, personIdsOf, personOf } from './activity-people.ts';

/** The filters of the log (decision 0082). */
export interface ActivityFilters {
  customerId?: string | undefined;
  kind?: ActivityKind | undefined;
  /** First and last day shown, ISO dates in German time, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

const ALL_ACTIONS: string[] = ACTIVITY_KIND_NAMES.flatMap((kind) => [...ACTIVITY_KINDS[kind]]);

/**
 * The practice's entries the filters select: only the actions the log shows, only this
 * practice's (`company_id`), a person as the one who acted or the one acted on.
 */
function selecting(companyId: string, filters: ActivityFilters): SQL | undefined {
  const actions = filters.kind ? [...ACTIVITY_KINDS[filters.kind]] : ALL_ACTIONS;
  return and(
    eq(auditLog.companyId, companyId),
    inArray(auditLog.action, actions),
    filters.customerId
      ? or(
          eq(auditLog.actorCustomerId, filters.customerId),
          and(eq(auditLog.entity, 'membership'), eq(auditLog.entityId, filters.customerId)),
        )
      : undefined,
    filters.from
      ? sql`${auditLog.at} >= (${filters.from}::date::timestamp at time zone 'Europe/Berlin')`
      : undefined,
    filters.to
      ? sql`${auditLog.at} < ((${filters.to}::date + 1)::timestamp at time zone 'Europe/Berlin')`
      : undefined,
  );
}

type AuditRow = typeof auditLog.$inferSelect;

type Value = string | number | boolean | null;
const isValue = (value: unknown): value is Value =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * The fields an entry changed, old → new, from what its route wrote: only the keys named here
 * are read, so nothing else an entry holds (and never a secret) is shown.
 */
export function changesOf(row: Pick<AuditRow, 'action' | 'data'>): ActivityEntry['changes'] {
  const data = (row.data ?? {}) as Record<string, unknown>;
  const change = (field: string, from: unknown, to: unknown) =>
    isValue(from) && isValue(to) ? [{ field, from, to }] : [];
  switch (row.action) {
    case 'company.updated':
    case 'location.updated': {
      const fromTo = data.changes;
      if (fromTo && typeof fromTo === 'object') {
        return Object.entries(fromTo as Record<string, { from?: unknown; to?: unknown }>).flatMap(
          ([field, value]) => change(field, value?.from ?? null, value?.to ?? null),
        );
      }
      // Entries from before old values were kept name the fields only.
      return Array.isArray(data.fields)
        ? data.fields
            .filter((f) => typeof f === 'string')
            .map((field: string) => ({
              field,
              from: null,
              to: null,
            }))
        : [];
    }
    case 'company.second_factor_requirement_changed':
      return typeof data.requiresSecondFactor === 'boolean'
        ? change('requiresSecondFactor', !data.requiresSecondFactor, data.requiresSecondFactor)
        : [];
    case 'employee.role_changed':
      return change('role', data.from, data.to);
    case 'employee.enabled':
    case 'employee.disabled':
    case 'employee.request_enabled':
    case 'employee.request_disabled':
      return data.from === undefined ? [] : change('status', data.from, data.to);
    default:
      return [];
  }
}

/** A new location's address as its entry holds it (none in entries from before issue 43). */
const LOCATION_DETAILS = ['name', 'street', 'postalCode', 'city', 'country', 'phoneNumber'];

/**
 * What an entry records that is no change of a value (issue 43): an invitation's role, a handed
 * over role, the number of locations assigned or of rows exported, a new location's address.
 * Only the keys named here are read.
 */
export function detailsOf(row: Pick<AuditRow, 'action' | 'data'>): ActivityEntry['details'] {
  const data = (row.data ?? {}) as Record<string, unknown>;
  const detail = (field: string, value: unknown) =>
    isValue(value) && value !== null && value !== '' ? [{ field, value }] : [];
  switch (row.action) {
    case 'employee.invited':
      return detail('role', data.role);
    case 'employee.superadmin_transferred':
      return detail('role', 'superadmin');
    case 'employee.locations_changed':
      return detail('locations', data.locations);
    case 'location.created':
      return LOCATION_DETAILS.flatMap((field) => detail(field, data[field]));
    default:
      return detail('rows', data.rows);
  }
}

/** The entries with names resolved now: people, the practice, its locations. */
async function entriesOf(
  db: Executor,
  companyId: string,
  rows: AuditRow[],
): Promise<ActivityEntry[]> {
  const names = await peopleNamed(db, companyId, personIdsOf(rows));
  const locationIds = [
    ...new Set(
      rows.flatMap((row) =>
        row.entity === 'location' && row.entityId && isUuid(row.entityId) ? [row.entityId] : [],
      ),
    ),
  ];
  const locationNames = new Map(
    (locationIds.length
      ? await db
          .select({ id: locations.id, name: locations.name })
          .from(locations)
          .where(and(eq(locations.companyId, companyId), inArray(locations.id, locationIds)))
      : []
    ).map((row) => [row.id, row.name]),
  );
  const [practice] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return rows.map((row): ActivityEntry => {
    const kind = activityKindOf(row.action) ?? 'practice';
    const target: ActivityEntry['target'] =
      row.entity === 'membership'
        ? {
            type: 'person',
            id: null,
            name: null,
            person: personOf(row.entityId, names),
          }
        : row.entity === 'location'
          ? {
              type: 'location',
              id: row.entityId,
              name: (row.entityId && locationNames.get(row.entityId)) ?? null,
              person: null,
            }
          : { type: 'practice', id: companyId, name: practice?.name ?? null, person: null };
    if (target.person) target.id = target.person.customerId;
    return {
      id: row.id,
      at: row.at.toISOString(),
      kind,
      action: row.action,
      actor: personOf(row.actorCustomerId, names),
      target,
      changes: changesOf(row),
      details: detailsOf(row),
    };
  });
}

/** How many people the person filter offers: those of the most recent entries. */
export const FILTER_PEOPLE = 100;

/**
 * How many of the newest entries the person filter's people are taken from: a practice's whole
 * log (10,000,000 entries at a provider's size) is not read for the list (issue 46). Anyone
 * named only before them is reached by a link with `?customerId=` and then offered too.
 */
export const FILTER_ENTRIES = 1_000;

/**
 * Whether the practice knows the person: a membership of it (an invitee or a request included) or
 * an entry of its log. Only then is a person filtered by named, so that no admin learns the name
 * of anyone's id (issue 41).
 */
async function practiceKnows(db: Executor, companyId: string, customerId: string) {
  const [member] = await db
    .select({ customerId: memberships.customerId })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, customerId)))
    .limit(1);
  if (member) return true;
  const [entry] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(selecting(companyId, { customerId }))
    .limit(1);
  return entry !== undefined;
}

/**
 * The people of the person filter: the {@link FILTER_PEOPLE} whom the practice's newest
 * {@link FILTER_ENTRIES} entries name most recently (who acted or to whom), plus the one filtered
 * by when the practice knows them, by their current names. A deleted account is not offered.
 */
async function peopleOfLog(db: Executor, companyId: string, selected: string | undefined) {
  const actions = sql.join(
    ALL_ACTIONS.map((action) => sql`${action}`),
    sql`, `,
  );
  // The newest entries in the page's order (at, then id), so which ones they are is certain.
  const recent = await db.execute(sql`
    with newest as (
      select ${auditLog.actorCustomerId} as actor_customer_id, ${auditLog.entity} as entity,
             ${auditLog.entityId} as entity_id, ${auditLog.at} as at
        from ${auditLog}
       where ${auditLog.companyId} = ${companyId} and ${auditLog.action} in (${actions})
       order by ${auditLog.at} desc, ${auditLog.id} desc
       limit ${FILTER_ENTRIES}
    )
    select person from (
      select actor_customer_id::text as person, at from newest where actor_customer_id is not null
      union all
      select entity_id as person, at from newest
       where entity = 'membership' and entity_id is not null
    ) named
    group by person order by max(at) desc limit ${FILTER_PEOPLE}`);
  // Both drivers answer `{ rows }` (as the CRM's raw statements read them).
  const { rows } = recent as unknown as { rows: { person: string }[] };
  const personIds = rows.map((row) => row.person);
  if (selected && !personIds.includes(selected) && (await practiceKnows(db, companyId, selected))) {
    personIds.push(selected);
  }
  const names = await peopleNamed(db, companyId, personIds);
  return [...names.entries()]
    .map(([customerId, name]) => ({ customerId, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'de'));
}

/** One page of the practice's log, newest first. */
export async function activityLogOf(
  db: Executor,
  companyId: string,
  query: ActivityFilters & { page: number; pageSize: number },
): Promise<ActivityLog> {
  const where = selecting(companyId, query);
  const [counted] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    entries: await entriesOf(db, companyId, rows),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    people: await peopleOfLog(db, companyId, query.customerId),
  };
}

/** The most entries one export holds: the newest ones of the filtered view. */
export const EXPORT_MAX_ENTRIES = 10_000;

/** All entries of the filtered view (up to {@link EXPORT_MAX_ENTRIES}), newest first. */
export async function activityEntriesFor(
  db: Executor,
  companyId: string,
  filters: ActivityFilters,
): Promise<ActivityEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(selecting(companyId, filters))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(EXPORT_MAX_ENTRIES);
  return entriesOf(db, companyId, rows);
}
