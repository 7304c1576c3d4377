import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { calls, type CompanyVm, type Customer } from '@pp/contract';
import { companies, memberships } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { currentCustomer, type CustomerRow } from '../../lib/current-customer.ts';
import { registerCall } from '../register-call.ts';

async function companyVmsOf(db: Db, customerId: string): Promise<CompanyVm[]> {
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
  return (rows as CompanyVm[]).map((vm) =>
    vm.membershipStatus === 'enabled' ? vm : { ...vm, customerNumber: null },
  );
}

export function toCustomer(row: CustomerRow, companyVms: CompanyVm[]): Customer {
  return {
    customerId: row.id,
    email: row.email,
    salutation: row.salutation,
    title: row.title as Customer['title'],
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    position: row.position,
    profession: row.profession,
    otherIndustry: row.otherIndustry,
    dateOfBirth: row.dateOfBirth,
    preferredLanguage: row.preferredLanguage as Customer['preferredLanguage'],
    companyId: row.primaryCompanyId,
    associatedCompanies: { companyVms },
  };
}

export default async function getCustomerData(app: FastifyInstance) {
  registerCall(
    app,
    calls.customerGetCustomerData,
    async (request) => {
      const customer = await currentCustomer(request);
      return toCustomer(customer, await companyVmsOf(app.db, customer.id));
    },
    { rateLimit: { max: 120, timeWindow: 60_000 } },
  );
}
