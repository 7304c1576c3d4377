import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Location, Locations } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { locationAssignments, locations } from '../../db/schema.ts';
import { toLocation } from './location.ts';

export interface LocationListFilter {
  companyId: string;
  sort: 'name' | 'city' | 'postalCode';
  direction: 'asc' | 'desc';
  search?: string | undefined;
}

export interface LocationListQuery extends LocationListFilter {
  contactId: string;
  page: number;
  pageSize: number;
}

/** `%` and `_` typed by a person are letters, not wildcards. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Names and cities in the German order of DIN 5007, byte by byte after folding (decision 0056);
 * by name the order of the index `locations_company_name_idx` (migration 0011), names equal
 * when folded in the order of the name itself.
 */
const byName = [
  sql`name_sort_key(${locations.name}) collate "C"`,
  sql`${locations.name} collate "C"`,
];
const SORT_COLUMNS = {
  name: byName,
  city: [sql`name_sort_key(${locations.city}) collate "C"`, ...byName],
  postalCode: [locations.postalCode],
} as const;

/** Locations whose name or address contains the term, both compared folded (decision 0056). */
function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = escapeLike(search);
  const text = sql`concat_ws(chr(10), ${locations.name}, ${locations.street}, ${locations.postalCode}, ${locations.city})`;
  return sql`(name_search_key(${text}) like '%' || name_search_key(${pattern}) || '%'
    or name_sort_key(${text}) like '%' || name_sort_key(${pattern}) || '%')`;
}

const whereOf = (query: LocationListFilter) =>
  and(eq(locations.companyId, query.companyId), matching(query.search));

/**
 * The locations at `offset`, at most `limit` of them, in the list's filter and order. The page's
 * ids are taken first, with the sort keys alone (by name from the index), and only those rows are
 * read whole: a deep page of a practice's 10,000 locations would otherwise carry every row it
 * skips (issue 46). The order has the id last, so it is total and the page reads the same sorted
 * again.
 */
function slice(db: Executor, query: LocationListFilter, limit: number, offset: number) {
  const direction = query.direction === 'asc' ? asc : desc;
  const order = [...SORT_COLUMNS[query.sort], locations.id].map((key) => direction(key));
  const pageIds = db
    .select({ id: locations.id })
    .from(locations)
    .where(whereOf(query))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return db
    .select()
    .from(locations)
    .where(inArray(locations.id, pageIds))
    .orderBy(...order);
}

export async function countLocations(db: Executor, query: LocationListFilter) {
  const [total] = await db.select({ n: count() }).from(locations).where(whereOf(query));
  return total?.n ?? 0;
}

/** Every location of the practice the contact is assigned to, by name. */
export async function assignedLocations(db: Executor, companyId: string, contactId: string) {
  const associated = await db
    .select({ location: locations })
    .from(locationAssignments)
    .innerJoin(locations, eq(locations.id, locationAssignments.locationId))
    .where(
      and(
        eq(locationAssignments.customerId, contactId),
        eq(locationAssignments.companyId, companyId),
      ),
    )
    .orderBy(...[...byName, locations.id].map((key) => asc(key)));
  return associated.map((row) => toLocation(row.location));
}

/** One page of the practice's locations, and every location of it the contact is assigned to. */
export async function listLocations(db: Executor, query: LocationListQuery): Promise<Locations> {
  const page = await slice(db, query, query.pageSize, (query.page - 1) * query.pageSize);
  return {
    locationListObjectVms: page.map(toLocation),
    associatedLocationListObjectVms: await assignedLocations(db, query.companyId, query.contactId),
    total: await countLocations(db, query),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Every location of the list, without paging, a batch at a time (the export, decision 0083):
 * each batch its own short query, so no transaction is held while a slow client reads.
 */
export async function* allLocations(
  db: Executor,
  query: LocationListFilter,
  batchSize = 250,
): AsyncGenerator<Location[]> {
  for (let offset = 0; ; offset += batchSize) {
    const batch = (await slice(db, query, batchSize, offset)).map(toLocation);
    if (batch.length > 0) yield batch;
    if (batch.length < batchSize) return;
  }
}
