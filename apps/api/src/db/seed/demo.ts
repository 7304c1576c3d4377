import { eq, sql } from 'drizzle-orm';
import { normalizeEmail } from '@pp/contract';
import { seedDemoAccounts } from '@pp/idp/accounts';
import type { Database, Executor } from '../client.ts';
import {
  companies,
  customers,
  entitlements,
  locationAssignments,
  locations,
  memberships,
  newsletterPreferences,
} from '../schema.ts';
import {
  DEMO_ENTITLEMENTS,
  DEMO_PASSWORD,
  DEMO_PRACTICES,
  DEMO_USERS,
  type DemoPracticeKey,
  type DemoUser,
} from '@pp/demo-data';

export * from '@pp/demo-data';

/** Advisory-lock key of the demo seed (beside the migration lock). */
export const DEMO_SEED_LOCK_KEY = 0x5050_6465_6d6fn; // "PPdemo"

interface SeededPractice {
  id: string;
  /** Ids of the demo locations in their listed order; undefined where one was removed. */
  locationIds: (string | undefined)[];
}

/** Finds the demo practice by its customer number, or creates it with locations and entitlements. */
async function ensurePractice(tx: Executor, key: DemoPracticeKey): Promise<SeededPractice> {
  const { locations: demoLocations, ...practice } = DEMO_PRACTICES[key];
  const [existing] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.customerNumber, practice.customerNumber));
  if (existing) {
    const rows = await tx
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(eq(locations.companyId, existing.id));
    return {
      id: existing.id,
      locationIds: demoLocations.map((l) => rows.find((r) => r.name === l.name)?.id),
    };
  }
  const [company] = await tx.insert(companies).values(practice).returning({ id: companies.id });
  if (!company) throw new Error('demo practice not created');
  const locationIds: string[] = [];
  for (const location of demoLocations) {
    const [row] = await tx
      .insert(locations)
      .values({ ...location, companyId: company.id })
      .returning({ id: locations.id });
    if (row) locationIds.push(row.id);
  }
  await tx
    .insert(entitlements)
    .values(DEMO_ENTITLEMENTS.map((e) => ({ ...e, companyId: company.id })));
  return { id: company.id, locationIds };
}

async function createUser(
  tx: Executor,
  user: DemoUser,
  practices: Record<DemoPracticeKey, SeededPractice>,
): Promise<void> {
  const { memberships: demoMemberships, locations: demoLocations, primary, ...fields } = user;
  const [customer] = await tx
    .insert(customers)
    .values({ ...fields, preferredLanguage: 'de', primaryCompanyId: practices[primary].id })
    .returning({ id: customers.id });
  if (!customer) throw new Error('demo customer not created');
  for (const { practice, role } of demoMemberships) {
    await tx
      .insert(memberships)
      .values({
        customerId: customer.id,
        companyId: practices[practice].id,
        role,
        status: 'enabled',
      })
      .onConflictDoNothing();
  }
  for (const index of demoLocations) {
    const locationId = practices[primary].locationIds[index];
    if (!locationId) continue;
    await tx
      .insert(locationAssignments)
      .values({ locationId, customerId: customer.id, companyId: practices[primary].id })
      .onConflictDoNothing();
  }
  await tx.insert(newsletterPreferences).values({ customerId: customer.id }).onConflictDoNothing();
}

/**
 * Loads the demo practices and customers of docs/product.md §8. Idempotent: what exists is left as
 * it is (a second run changes nothing, and a restart keeps what a person changed). Runs in one
 * transaction under an advisory lock, so instances starting together seed once.
 */
export async function seedDemoData(database: Database): Promise<void> {
  await database.withAdvisoryLock(DEMO_SEED_LOCK_KEY, (db) =>
    db.transaction(async (tx) => {
      const practices = {
        sommer: await ensurePractice(tx, 'sommer'),
        markt: await ensurePractice(tx, 'markt'),
      };
      for (const user of DEMO_USERS) {
        const [existing] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.email, normalizeEmail(user.email)));
        if (!existing) await createUser(tx, user, practices);
      }
      // The creator of a demo practice is its superadmin.
      for (const practice of Object.values(practices)) {
        await tx.execute(sql`
          update ${companies} set created_by = m.customer_id
          from ${memberships} m
          where m.company_id = ${companies.id} and m.role = 'superadmin'
            and ${companies.id} = ${practice.id} and ${companies.createdBy} is null`);
      }
      // Their sign-in accounts at the embedded provider (the password is public).
      await seedDemoAccounts(
        tx,
        DEMO_USERS.map((user) => ({ email: user.email, password: DEMO_PASSWORD })),
      );
    }),
  );
}
