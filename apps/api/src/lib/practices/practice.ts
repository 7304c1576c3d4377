import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode, type Company, type Entitlement, type MembershipRole } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { companies, entitlements } from '../../db/schema.ts';
import { ApiError } from '../http/problem.ts';

export type CompanyRow = typeof companies.$inferSelect;

export function toCompany(row: CompanyRow, role: MembershipRole): Company {
  return {
    companyId: row.id,
    customerNumber: row.customerNumber,
    name: row.name,
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    phone: row.phone,
    email: row.email,
    website: row.website,
    status: row.status,
    requiresSecondFactor: row.requiresSecondFactor,
    role,
  };
}

export async function companyById(db: Executor, companyId: string): Promise<CompanyRow> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) throw ApiError.notFound();
  return row;
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
