import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Locations } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { locationAssignments, locations } from '../../db/schema.ts';
import { toLocation } from './location.ts';

export interface LocationListQuery {
  companyId: string;
  contactId: string;
  page: number;
  pageSize: number;
  sort: 'name' | 'city' | 'postalCode';
  direction: 'asc' | 'desc';
  search?: string | undefined;
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

/** One page of the practice's locations, and every location of it the contact is assigned to. */
export async function listLocations(db: Executor, query: LocationListQuery): Promise<Locations> {
  const where = and(eq(locations.companyId, query.companyId), matching(query.search));
  const order = query.direction === 'asc' ? asc : desc;
  const page = await db
    .select()
    .from(locations)
    .where(where)
    .orderBy(...[...SORT_COLUMNS[query.sort], locations.id].map((key) => order(key)))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(locations).where(where);
  const associated = await db
    .select({ location: locations })
    .from(locationAssignments)
    .innerJoin(locations, eq(locations.id, locationAssignments.locationId))
    .where(
      and(
        eq(locationAssignments.customerId, query.contactId),
        eq(locationAssignments.companyId, query.companyId),
      ),
    )
    .orderBy(...[...byName, locations.id].map((key) => asc(key)));
  return {
    locationListObjectVms: page.map(toLocation),
    associatedLocationListObjectVms: associated.map((row) => toLocation(row.location)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
