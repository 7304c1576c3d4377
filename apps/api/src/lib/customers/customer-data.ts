import { asc, eq } from 'drizzle-orm';
import type { CompanyVm, Customer } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { companies, memberships } from '../../db/schema.ts';
import type { CustomerRow } from './linked-customer.ts';

/** The customer's practices with their role and membership status, by name. */
export async function companyVmsOf(db: Executor, customerId: string): Promise<CompanyVm[]> {
  const rows = await db
    .select({
      companyId: companies.id,
      customerNumber: companies.customerNumber,
      name: companies.name,
      postalCode: companies.postalCode,
      city: companies.city,
      status: companies.status,
      role: memberships.role,
      membershipStatus: memberships.status,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.customerId, customerId))
    .orderBy(asc(companies.name));
  // With the postal code, a customer number lets anyone ask to join: only members see it.
  return rows.map((vm) =>
    vm.membershipStatus === 'enabled' ? vm : { ...vm, customerNumber: null },
  );
}

export function toCustomer(row: CustomerRow, companyVms: CompanyVm[]): Customer {
  return {
    customerId: row.id,
    email: row.email,
    salutation: row.salutation,
    title: row.title,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    position: row.position,
    profession: row.profession,
    otherIndustry: row.otherIndustry,
    dateOfBirth: row.dateOfBirth,
    preferredLanguage: row.preferredLanguage,
    companyId: row.primaryCompanyId,
    associatedCompanies: { companyVms },
  };
}

/** `GetCustomerData`'s answer for a customer row. */
export async function customerData(db: Executor, row: CustomerRow): Promise<Customer> {
  return toCustomer(row, await companyVmsOf(db, row.id));
}
