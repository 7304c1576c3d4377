import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../src/db/client.ts';
import {
  companies,
  customers,
  locationAssignments,
  locations,
  memberships,
} from '../../src/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { insertCompany } from '../../src/lib/practices/new-practice.ts';

/** The SQLSTATE and constraint of a refused statement or commit. */
async function refusal(work: Promise<unknown>): Promise<{ code: unknown; constraint: unknown }> {
  const error: unknown = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  let current = error;
  while (current instanceof Error && !('code' in current) && current.cause) current = current.cause;
  if (!(current instanceof Error)) throw new Error('expected the database to refuse');
  return {
    code: (current as { code?: unknown }).code,
    constraint: (current as { constraint?: unknown }).constraint,
  };
}

describe('database constraints', () => {
  let target: TestDatabase;
  const db = () => target.database.db;

  const newCustomer = async (tx: Executor = db()) => {
    const [row] = await tx
      .insert(customers)
      .values({ email: `user-${randomUUID()}@example.com` })
      .returning();
    return row!;
  };
  const practiceId = async (customerNumber: string) =>
    (await db().select().from(companies).where(eq(companies.customerNumber, customerNumber)))[0]!
      .id;
  const customerId = async (email: string) =>
    (await db().select().from(customers).where(eq(customers.email, email)))[0]!.id;
  /** A practice created the way the api must: with its superadmin, in one transaction. */
  const createPractice = (name: string) =>
    db().transaction(async (tx) => {
      const owner = await newCustomer(tx);
      const practice = await insertCompany(tx, { name, postalCode: '10115' });
      await tx
        .insert(memberships)
        .values({ customerId: owner.id, companyId: practice.id, role: 'superadmin' });
      return practice;
    });

  beforeAll(async () => {
    target = await createTestDatabase();
  });
  afterAll(async () => target?.drop());

  it('allow at most one superadmin per practice', async () => {
    const someone = await newCustomer();
    const sommer = await practiceId('P-900001');
    expect(
      await refusal(
        db()
          .insert(memberships)
          .values({ customerId: someone.id, companyId: sommer, role: 'superadmin' }),
      ),
    ).toEqual({ code: '23505', constraint: 'memberships_one_superadmin_key' });
  });

  it('refuse a practice without a superadmin when the transaction commits', async () => {
    expect(
      await refusal(
        db().transaction(async (tx) => {
          await insertCompany(tx, { name: 'Praxis ohne Inhaber' });
        }),
      ),
    ).toEqual({ code: '23514', constraint: 'practice_superadmin_required' });
    expect(
      await db().select().from(companies).where(eq(companies.name, 'Praxis ohne Inhaber')),
    ).toEqual([]);
  });

  it('refuse taking the superadmin role away without a successor', async () => {
    const markt = await practiceId('P-900002');
    const david = await customerId('david.markt@example.com');
    const davidInMarkt = and(eq(memberships.customerId, david), eq(memberships.companyId, markt));
    expect(
      await refusal(db().update(memberships).set({ role: 'admin' }).where(davidInMarkt)),
    ).toEqual({ code: '23514', constraint: 'practice_superadmin_required' });
    expect(await refusal(db().delete(memberships).where(davidInMarkt))).toEqual({
      code: '23514',
      constraint: 'practice_superadmin_required',
    });
    expect(await refusal(db().delete(customers).where(eq(customers.id, david)))).toEqual({
      code: '23514',
      constraint: 'practice_superadmin_required',
    });
  });

  it('hand the superadmin role over within one transaction', async () => {
    const practice = await createPractice('Praxis Übergabe');
    const successor = await newCustomer();
    await db()
      .insert(memberships)
      .values({ customerId: successor.id, companyId: practice.id, role: 'admin' });
    await db().transaction(async (tx) => {
      await tx
        .update(memberships)
        .set({ role: 'admin' })
        .where(and(eq(memberships.companyId, practice.id), eq(memberships.role, 'superadmin')));
      await tx
        .update(memberships)
        .set({ role: 'superadmin' })
        .where(
          and(eq(memberships.companyId, practice.id), eq(memberships.customerId, successor.id)),
        );
    });
    const superadmins = await db()
      .select({ customerId: memberships.customerId })
      .from(memberships)
      .where(and(eq(memberships.companyId, practice.id), eq(memberships.role, 'superadmin')));
    expect(superadmins).toEqual([{ customerId: successor.id }]);
  });

  it('keep the superadmin membership enabled', async () => {
    const david = await customerId('david.markt@example.com');
    expect(
      await refusal(
        db()
          .update(memberships)
          .set({ status: 'disabled' })
          .where(eq(memberships.customerId, david)),
      ),
    ).toEqual({ code: '23514', constraint: 'memberships_superadmin_enabled_check' });
  });

  it('keep customer e-mail addresses unique in their normal form, and refuse any other form', async () => {
    expect(
      await refusal(db().insert(customers).values({ email: 'anna.sommer@example.com' })),
    ).toEqual({ code: '23505', constraint: 'customers_email_key' });
    expect(
      await refusal(db().insert(customers).values({ email: 'Anna.Sommer@EXAMPLE.com' })),
    ).toEqual({ code: '23514', constraint: 'customers_email_normal_check' });
    expect(
      await refusal(db().insert(customers).values({ email: 'ben.\u212Arause@example.com' })),
    ).toEqual({ code: '23514', constraint: 'customers_email_normal_check' });
  });

  it('give new practices different customer numbers and refuse a duplicate', async () => {
    const first = await createPractice('Praxis Eins');
    const second = await createPractice('Praxis Zwei');
    expect(first.customerNumber).toMatch(/^P-\d{10}$/);
    expect(second.customerNumber).toMatch(/^P-\d{10}$/);
    expect(first.customerNumber).not.toBe(second.customerNumber);
    expect(
      await refusal(
        db().transaction(async (tx) => {
          const owner = await newCustomer(tx);
          const [copy] = await tx
            .insert(companies)
            .values({ name: 'Doppelt', customerNumber: 'P-900001' })
            .returning();
          await tx
            .insert(memberships)
            .values({ customerId: owner.id, companyId: copy!.id, role: 'superadmin' });
        }),
      ),
    ).toEqual({ code: '23505', constraint: 'companies_customer_number_unique' });
  });

  it('assign only members of the practice to its locations', async () => {
    const sommer = await practiceId('P-900001');
    const markt = await practiceId('P-900002');
    const [sommerLocation] = await db()
      .select()
      .from(locations)
      .where(eq(locations.companyId, sommer));
    const [marktLocation] = await db()
      .select()
      .from(locations)
      .where(eq(locations.companyId, markt));
    const david = await customerId('david.markt@example.com');
    const clara = await customerId('clara.wolf@example.com');
    expect(
      await refusal(
        db()
          .insert(locationAssignments)
          .values({ locationId: sommerLocation!.id, customerId: david, companyId: sommer }),
      ),
    ).toEqual({ code: '23503', constraint: 'location_assignments_membership_fk' });
    expect(
      await refusal(
        db()
          .insert(locationAssignments)
          .values({ locationId: marktLocation!.id, customerId: clara, companyId: sommer }),
      ),
    ).toEqual({ code: '23503', constraint: 'location_assignments_location_fk' });
  });

  it('accept German postal codes of five digits only', async () => {
    const sommer = await practiceId('P-900001');
    expect(
      await refusal(
        db().insert(locations).values({ companyId: sommer, name: 'Filiale', postalCode: '1011' }),
      ),
    ).toEqual({ code: '23514', constraint: 'locations_postal_code_check' });
    const [abroad] = await db()
      .insert(locations)
      .values({ companyId: sommer, name: 'Filiale Wien', postalCode: '1010', country: 'AT' })
      .returning();
    expect(abroad?.country).toBe('AT');
  });
});
