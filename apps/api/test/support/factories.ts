import { randomUUID } from 'node:crypto';
import type { CompanyStatus, MembershipRole, MembershipStatus } from '@pp/contract';
import type { Db, Executor } from '../../src/db/client.ts';
import { customers, identityLinks, memberships } from '../../src/db/schema.ts';
import { insertCompany } from '../../src/lib/practices/new-practice.ts';

/** A unique address per call, so tests never collide with each other's data. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@factory.example.com`;
}

export interface PracticeInput {
  name?: string;
  postalCode?: string;
  city?: string;
  status?: CompanyStatus;
  /** Its superadmin (always exactly one, always enabled); a new customer when absent. */
  superadminId?: string;
}

/** A practice with its superadmin membership, written directly to the database. */
export async function createPractice(db: Db, input: PracticeInput = {}) {
  return db.transaction(async (tx) => {
    const practice = await insertCompany(tx, {
      name: input.name ?? `Praxis ${randomUUID().slice(0, 8)}`,
      postalCode: input.postalCode ?? '10115',
      city: input.city ?? 'Berlin',
      status: input.status ?? 'enabled',
    });
    const superadminId =
      input.superadminId ?? (await createCustomer(tx, { firstName: 'Inhaberin' })).id;
    await tx.insert(memberships).values({
      customerId: superadminId,
      companyId: practice.id,
      role: 'superadmin',
      status: 'enabled',
    });
    return { ...practice, superadminId };
  });
}

export interface CustomerInput {
  email?: string;
  firstName?: string;
  lastName?: string;
  practices?: { companyId: string; role?: MembershipRole; status?: MembershipStatus }[];
  /** The primary practice; defaults to the first of `practices`. */
  primaryCompanyId?: string | null;
  /** An identity already linked to the customer. */
  identity?: { issuer: string; subject: string };
}

/** A customer with memberships (and optionally a linked identity), written directly. */
export async function createCustomer(db: Executor, input: CustomerInput = {}) {
  const practices = input.practices ?? [];
  const [customer] = await db
    .insert(customers)
    .values({
      email: input.email ?? uniqueEmail(),
      firstName: input.firstName ?? 'Test',
      lastName: input.lastName ?? 'Kunde',
      primaryCompanyId:
        input.primaryCompanyId === undefined
          ? (practices[0]?.companyId ?? null)
          : input.primaryCompanyId,
    })
    .returning();
  if (!customer) throw new Error('customer not created');
  for (const practice of practices) {
    await db.insert(memberships).values({
      customerId: customer.id,
      companyId: practice.companyId,
      role: practice.role ?? 'member',
      status: practice.status ?? 'enabled',
    });
  }
  if (input.identity) {
    await db.insert(identityLinks).values({ ...input.identity, customerId: customer.id });
  }
  return customer;
}
