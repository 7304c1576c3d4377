import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { CompanyVm, Customer } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { companies, connectRequests, memberships } from '../../db/schema.ts';
import { othersRemain } from '../account-deletion/practices-left.ts';
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
      // The members the deletion counts (practices-left.ts).
      hasOthers: othersRemain(customerId),
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(
      and(
        eq(memberships.customerId, customerId),
        // A practice asked to join shows only as a sent request until an admin approves (0052);
        // a declined request's membership stays hidden as long as its request is shown.
        ne(memberships.status, 'requested'),
        sql`not exists (select 1 from ${connectRequests} r
          where r.customer_id = ${memberships.customerId} and r.company_id = ${memberships.companyId})`,
      ),
    )
    .orderBy(asc(companies.name));
  // With the postal code, a customer number lets anyone ask to join: only members see it.
  return rows.map(({ hasOthers, ...vm }) => {
    const own =
      vm.role === 'superadmin' && vm.membershipStatus === 'enabled'
        ? { mayDeleteWithAccount: !hasOthers || vm.status === 'disabled' }
        : {};
    return vm.membershipStatus === 'enabled' ? { ...vm, ...own } : { ...vm, customerNumber: null };
  });
}

/** The person's own fields of a customer row, as `GetCustomerData` and the data export show them. */
export function profileFields(row: CustomerRow) {
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
  };
}

export function toCustomer(row: CustomerRow, companyVms: CompanyVm[]): Customer {
  return {
    ...profileFields(row),
    companyId: row.primaryCompanyId,
    associatedCompanies: { companyVms },
  };
}

/** `GetCustomerData`'s answer for a customer row. */
export async function customerData(db: Executor, row: CustomerRow): Promise<Customer> {
  return toCustomer(row, await companyVmsOf(db, row.id));
}
