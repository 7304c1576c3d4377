import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
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

const SORT_COLUMNS = {
  name: sql`lower(${locations.name})`,
  city: sql`lower(${locations.city})`,
  postalCode: locations.postalCode,
} as const;

function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(
    ilike(locations.name, pattern),
    ilike(locations.street, pattern),
    ilike(locations.postalCode, pattern),
    ilike(locations.city, pattern),
  );
}

/** One page of the practice's locations, and every location of it the contact is assigned to. */
export async function listLocations(db: Executor, query: LocationListQuery): Promise<Locations> {
  const where = and(eq(locations.companyId, query.companyId), matching(query.search));
  const order = query.direction === 'asc' ? asc : desc;
  const page = await db
    .select()
    .from(locations)
    .where(where)
    .orderBy(order(SORT_COLUMNS[query.sort]), order(locations.id))
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
    .orderBy(asc(sql`lower(${locations.name})`), asc(locations.id));
  return {
    locationListObjectVms: page.map(toLocation),
    associatedLocationListObjectVms: associated.map((row) => toLocation(row.location)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
