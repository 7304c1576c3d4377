import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Employee, MembershipStatus } from '@pp/contract';
import { secondFactorsByEmail } from '@pp/idp';
import type { Executor } from '../../db/client.ts';
import {
  customers,
  invitations,
  locationAssignments,
  locations,
  memberships,
} from '../../db/schema.ts';
import { ApiError } from '../http/problem.ts';
import { TypedInviteeSchema } from './typed.ts';
import { typedWhenAccepted } from './typed-when-accepted.ts';

/**
 * Orders of the list, each served by an index of `memberships` (migrations 0009, 0011): the shown
 * name's sort key by DIN 5007 and the address are kept on the membership (decision 0056).
 */
const SORTS = {
  name: sql`${memberships.shownName} collate "C"`,
  email: memberships.shownEmail,
  role: sql`array_position(array['superadmin', 'admin', 'member'], ${memberships.role})`,
  status: sql`array_position(array['requested', 'invited', 'enabled', 'disabled'], ${memberships.status})`,
} as const;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * People whose shown names or address contain the term, compared folded (decision 0056): the
 * membership keeps its text transliterated and as sort key, the term is folded the same two ways
 * by the same functions, so "GROSS" finds Groß, "muessig" Müßig, "muller" Müller.
 */
function searching(term: string): SQL {
  const pattern = escapeLike(term);
  return sql`(${memberships.shownSearch} like '%' || name_search_key(${pattern}) || '%'
    or ${memberships.shownSearch} like '%' || name_sort_key(${pattern}) || '%')`;
}

export interface EmployeeListFilter {
  sort: keyof typeof SORTS;
  direction: 'asc' | 'desc';
  search?: string | undefined;
  status?: MembershipStatus | undefined;
}

export interface EmployeeListQuery extends EmployeeListFilter {
  page: number;
  pageSize: number;
}

/** The membership's invitation that is neither accepted, declined nor revoked. */
const openInvitationOf = and(
  eq(invitations.companyId, memberships.companyId),
  eq(invitations.customerId, memberships.customerId),
  isNull(invitations.acceptedAt),
  isNull(invitations.declinedAt),
  isNull(invitations.revokedAt),
);

function rows(db: Executor, companyId: string, where: SQL | undefined) {
  return db
    .select({
      customerId: memberships.customerId,
      role: memberships.role,
      status: memberships.status,
      // What the list shows of the person, not their whole record: a batch of the export stays
      // small (decision 0083).
      customer: {
        email: customers.email,
        salutation: customers.salutation,
        title: customers.title,
        firstName: customers.firstName,
        lastName: customers.lastName,
      },
      invitation: {
        email: invitations.email,
        typed: invitations.typed,
        createdAt: invitations.createdAt,
        expiresAt: invitations.expiresAt,
      },
    })
    .from(memberships)
    .innerJoin(customers, eq(customers.id, memberships.customerId))
    .leftJoin(invitations, openInvitationOf)
    .where(and(eq(memberships.companyId, companyId), where))
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof rows>>[number];

async function toEmployees(db: Executor, companyId: string, found: Row[]): Promise<Employee[]> {
  const ids = found.map((row) => row.customerId);
  const assigned = ids.length
    ? await db
        .select({
          customerId: locationAssignments.customerId,
          locationId: locations.id,
          name: locations.name,
        })
        .from(locationAssignments)
        .innerJoin(locations, eq(locations.id, locationAssignments.locationId))
        .where(
          and(
            eq(locationAssignments.companyId, companyId),
            inArray(locationAssignments.customerId, ids),
          ),
        )
        .orderBy(asc(locations.name))
    : [];
  const typedLocationIds = found.flatMap((row) =>
    row.status === 'invited' && row.invitation
      ? TypedInviteeSchema.parse(row.invitation.typed).locationIds
      : [],
  );
  const typedLocations = typedLocationIds.length
    ? await db
        .select({ locationId: locations.id, name: locations.name })
        .from(locations)
        .where(and(eq(locations.companyId, companyId), inArray(locations.id, typedLocationIds)))
    : [];
  const unnamed = found.filter(
    (row) => row.status !== 'invited' && !row.customer.firstName && !row.customer.lastName,
  );
  const typedBefore = await typedWhenAccepted(
    db,
    companyId,
    unnamed.map((row) => row.customerId),
  );
  // The embedded provider's accounts, by the people's addresses: with an external provider
  // there are none, and the badge stays unknown (null).
  const secondFactors = await secondFactorsByEmail(
    db,
    found.filter((row) => row.status !== 'invited').map((row) => row.customer.email),
  );
  return found.map((row): Employee => {
    const { customer, invitation } = row;
    // Without a name of their own, the person keeps the one typed when they were invited.
    const named = typedBefore.get(row.customerId) ?? customer;
    if (row.status === 'invited' && invitation) {
      const typed = TypedInviteeSchema.parse(invitation.typed);
      return {
        customerId: row.customerId,
        email: invitation.email,
        salutation: typed.salutation,
        title: typed.title,
        firstName: typed.firstName,
        lastName: typed.lastName,
        role: row.role,
        status: row.status,
        locations: typedLocations.filter((l) => typed.locationIds.includes(l.locationId)),
        secondFactor: null,
        invitedAt: invitation.createdAt.toISOString(),
        expiresAt: invitation.expiresAt.toISOString(),
      };
    }
    return {
      customerId: row.customerId,
      email: customer.email,
      salutation: named.salutation,
      title: named.title,
      firstName: named.firstName,
      lastName: named.lastName,
      role: row.role,
      status: row.status,
      locations: assigned
        .filter((a) => a.customerId === row.customerId)
        .map(({ locationId, name }) => ({ locationId, name })),
      secondFactor: secondFactors.get(customer.email) ?? null,
      invitedAt: null,
      expiresAt: null,
    };
  });
}

/** The list's filter: status and search, as on the screen. */
function filterOf(query: EmployeeListFilter): SQL | undefined {
  return and(
    query.status ? eq(memberships.status, query.status) : undefined,
    query.search ? searching(query.search) : undefined,
  );
}

/** The list's order; ties go by the shown address, then by the person: the index's columns. */
function orderOf(query: EmployeeListFilter) {
  const order = query.direction === 'asc' ? asc : desc;
  const ties = query.sort === 'email' ? [] : [memberships.shownEmail];
  return [SORTS[query.sort], ...ties, memberships.customerId].map((key) => order(key));
}

/**
 * How many people match: the people are the practice's memberships (each with one customer and
 * at most one open invitation), and what a search compares is kept on them.
 */
export async function countEmployees(db: Executor, companyId: string, query: EmployeeListFilter) {
  const [total] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), filterOf(query)));
  return total?.n ?? 0;
}

/**
 * The people at `offset`, at most `limit` of them, in the list's filter and order. The page's ids
 * are taken first, from the memberships alone in the order of their index, and only those are
 * joined to their customers and invitations: a deep page of a practice of 10,000 would otherwise
 * join every one it skips (issue 46). The order has the person's id last, so it is total and the
 * page reads the same sorted again.
 */
async function slice(
  db: Executor,
  companyId: string,
  query: EmployeeListFilter,
  limit: number,
  offset: number,
) {
  const order = orderOf(query);
  const pageIds = db
    .select({ customerId: memberships.customerId })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), filterOf(query)))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const found = await rows(db, companyId, inArray(memberships.customerId, pageIds)).orderBy(
    ...order,
  );
  return toEmployees(db, companyId, found);
}

/** One page of the practice's people, searched, filtered and sorted. */
export async function employeesOf(db: Executor, companyId: string, query: EmployeeListQuery) {
  const { page, pageSize } = query;
  return {
    employees: await slice(db, companyId, query, pageSize, (page - 1) * pageSize),
    total: await countEmployees(db, companyId, query),
    page,
    pageSize,
  };
}

/**
 * Every person of the list, without paging, a batch at a time (the export, decision 0083): each
 * batch is its own short query, so no transaction or connection is held while a slow client
 * reads the file.
 */
export async function* allEmployees(
  db: Executor,
  companyId: string,
  query: EmployeeListFilter,
  batchSize = 250,
): AsyncGenerator<Employee[]> {
  for (let offset = 0; ; offset += batchSize) {
    const batch = await slice(db, companyId, query, batchSize, offset);
    if (batch.length > 0) yield batch;
    if (batch.length < batchSize) return;
  }
}

/** One person of the practice (any status), or 404. */
export async function employeeOf(db: Executor, companyId: string, customerId: string) {
  const found = await rows(db, companyId, eq(memberships.customerId, customerId));
  const [employee] = await toEmployees(db, companyId, found);
  if (!employee) throw ApiError.notFound();
  return employee;
}
