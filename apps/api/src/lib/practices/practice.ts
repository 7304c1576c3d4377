import type { Company, MembershipRole } from '@pp/contract';
import type { companies } from '../../db/schema.ts';

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
