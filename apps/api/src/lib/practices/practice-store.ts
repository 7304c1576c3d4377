import { and, count, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { ErrorCode, type CompanyStatus, type Entitlement } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { companies, customers, entitlements, memberships } from '../../db/schema.ts';
import type { CustomerRow } from '../customers/linked-customer.ts';
import { ApiError } from '../http/problem.ts';
import type { CompanyRow } from './practice.ts';

// The practices' data access (the `Company/*` calls): the practice's row, its creation, a request
// to join it and its entitlements. Its number is made by `new-practice.ts`, the requests as typed
// are kept by `sent-requests.ts`.

export async function companyById(db: Executor, companyId: string): Promise<CompanyRow> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) throw ApiError.notFound();
  return row;
}

/** The practice's status, or undefined when there is no such practice. */
export async function practiceStatusOf(
  tx: Executor,
  companyId: string,
): Promise<CompanyStatus | undefined> {
  const [row] = await tx
    .select({ status: companies.status })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.status;
}

/** The practice's row as it is now, locked (`for update`) until the transaction ends. */
export async function lockedCompany(
  tx: Executor,
  companyId: string,
): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  return row;
}

/** Writes the practice's changed fields; answers its row as it is now. */
export function updateCompany(
  tx: Executor,
  companyId: string,
  values: PgUpdateSetSource<typeof companies>,
): Promise<CompanyRow[]> {
  return tx.update(companies).set(values).where(eq(companies.id, companyId)).returning();
}

/** Sets the practice's status; the caller's declared access has checked the role. */
export async function setCompanyStatus(
  tx: Executor,
  companyId: string,
  status: CompanyRow['status'],
): Promise<CompanyRow> {
  const [row] = await tx
    .update(companies)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId))
    .returning();
  if (!row) throw new ApiError(404, ErrorCode.notFound);
  return row;
}

/** The practice's entitlements, each with its status on today's date (Europe/Berlin). */
export async function entitlementsOf(db: Executor, companyId: string): Promise<Entitlement[]> {
  const today = sql`(now() at time zone 'Europe/Berlin')::date`;
  return db
    .select({
      productCode: entitlements.productCode,
      name: entitlements.name,
      validFrom: entitlements.validFrom,
      validUntil: entitlements.validUntil,
      status: sql<Entitlement['status']>`case
        when ${entitlements.validFrom} > ${today} then 'upcoming'
        when ${entitlements.validUntil} is not null and ${entitlements.validUntil} < ${today} then 'expired'
        else 'active' end`,
    })
    .from(entitlements)
    .where(and(eq(entitlements.companyId, companyId)))
    .orderBy(entitlements.validFrom, entitlements.name);
}

/** One creation at a time per account, so a cap also holds for requests sent at once. */
export async function lockCreationsOf(tx: Executor, customerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`create-company:${customerId}`}))`);
}

/** How many practices the account has created. */
export async function practicesCreatedBy(tx: Executor, customerId: string): Promise<number> {
  const [created] = await tx
    .select({ n: count() })
    .from(companies)
    .where(eq(companies.createdBy, customerId));
  return created?.n ?? 0;
}

/** Whether a practice of the same name (in any case) and postal code exists. */
export async function hasNameTwin(
  tx: Executor,
  practice: { name: string; postalCode: string },
): Promise<boolean> {
  const [twin] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        sql`lower(${companies.name}) = lower(${practice.name})`,
        eq(companies.postalCode, practice.postalCode),
      ),
    )
    .limit(1);
  return twin !== undefined;
}

/**
 * The creator of a new practice becomes its superadmin, and it becomes their primary practice
 * when they have none.
 */
export async function addFounder(
  tx: Executor,
  founder: CustomerRow,
  companyId: string,
): Promise<void> {
  await tx.insert(memberships).values({
    customerId: founder.id,
    companyId,
    role: 'superadmin',
    status: 'enabled',
  });
  if (!founder.primaryCompanyId) {
    await tx
      .update(customers)
      .set({ primaryCompanyId: companyId, updatedAt: sql`now()` })
      .where(eq(customers.id, founder.id));
  }
}

/** The enabled practice a customer number and postal code name together, if any. */
export async function enabledPracticeByPair(
  tx: Executor,
  pair: { customerNumber: string; postalCode: string },
): Promise<{ id: string; name: string } | undefined> {
  const [practice] = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(
      and(
        eq(companies.customerNumber, pair.customerNumber),
        eq(companies.postalCode, pair.postalCode),
        eq(companies.status, 'enabled'),
      ),
    );
  return practice;
}

/** A `requested` membership; false when the customer has any membership of the practice. */
export async function requestMembership(
  tx: Executor,
  customerId: string,
  companyId: string,
): Promise<boolean> {
  const inserted = await tx
    .insert(memberships)
    .values({ customerId, companyId, role: 'member', status: 'requested' })
    .onConflictDoNothing()
    .returning({ customerId: memberships.customerId });
  return inserted.length > 0;
}
