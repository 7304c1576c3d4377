import { and, eq, sql } from 'drizzle-orm';
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

/** Advisory-lock key of the demo seed (beside the migration lock). */
export const DEMO_SEED_LOCK_KEY = 0x5050_6465_6d6fn; // "PPdemo"

/** The public password of every demo account (PRODUCT §8). */
export const DEMO_PASSWORD = 'Demo-Portal-2026';

export const DEMO_PRACTICES = {
  sommer: {
    customerNumber: 'P-900001',
    name: 'Zahnarztpraxis Dr. Sommer',
    street: 'Friedrichstraße 120',
    postalCode: '10117',
    city: 'Berlin',
    phone: '+49 30 1234567',
    email: 'kontakt@zahnarzt-sommer.example.com',
    website: 'https://zahnarzt-sommer.example.com',
    locations: [
      { name: 'Praxis Mitte', street: 'Friedrichstraße 120', postalCode: '10117', city: 'Berlin', phoneNumber: '+49 30 1234567', invoiceMail: 'rechnung@zahnarzt-sommer.example.com' },
      { name: 'Praxis Prenzlauer Berg', street: 'Schönhauser Allee 58', postalCode: '10437', city: 'Berlin', phoneNumber: null, invoiceMail: null },
    ],
  },
  markt: {
    customerNumber: 'P-900002',
    name: 'Praxis am Markt',
    street: 'Großer Burstah 12',
    postalCode: '20457',
    city: 'Hamburg',
    phone: '+49 40 7654321',
    email: 'empfang@praxis-am-markt.example.com',
    website: null,
    locations: [
      { name: 'Praxis am Markt', street: 'Großer Burstah 12', postalCode: '20457', city: 'Hamburg', phoneNumber: '+49 40 7654321', invoiceMail: null },
    ],
  },
} as const;

type PracticeKey = keyof typeof DEMO_PRACTICES;

export const DEMO_USERS = [
  {
    email: 'anna.sommer@example.com',
    salutation: 'FRAU',
    title: 'DR_MED_DENT',
    firstName: 'Anna',
    lastName: 'Sommer',
    position: 'PRACTICE_OWNER',
    profession: 'DENTIST',
    primary: 'sommer',
    memberships: [
      { practice: 'sommer', role: 'superadmin' },
      { practice: 'markt', role: 'member' },
    ],
    locations: [] as number[],
  },
  {
    email: 'ben.krause@example.com',
    salutation: 'HERR',
    title: null,
    firstName: 'Ben',
    lastName: 'Krause',
    position: 'PRACTICE_MANAGER',
    profession: 'DENTAL_ASSISTANT',
    primary: 'sommer',
    memberships: [{ practice: 'sommer', role: 'admin' }],
    locations: [] as number[],
  },
  {
    email: 'clara.wolf@example.com',
    salutation: 'FRAU',
    title: null,
    firstName: 'Clara',
    lastName: 'Wolf',
    position: 'RECEPTION',
    profession: 'DENTAL_ASSISTANT',
    primary: 'sommer',
    memberships: [{ practice: 'sommer', role: 'member' }],
    locations: [0],
  },
  {
    email: 'david.markt@example.com',
    salutation: 'HERR',
    title: 'DR_MED',
    firstName: 'David',
    lastName: 'Markt',
    position: 'PRACTICE_OWNER',
    profession: 'GENERAL_PRACTITIONER',
    primary: 'markt',
    memberships: [{ practice: 'markt', role: 'superadmin' }],
    locations: [] as number[],
  },
] as const satisfies readonly {
  email: string;
  salutation: string;
  title: string | null;
  firstName: string;
  lastName: string;
  position: string;
  profession: string;
  primary: PracticeKey;
  memberships: readonly { practice: PracticeKey; role: 'member' | 'admin' | 'superadmin' }[];
  locations: readonly number[];
}[];

async function upsertPractice(tx: Executor, key: PracticeKey) {
  const { locations: locationData, ...practice } = DEMO_PRACTICES[key];
  const [existing] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.customerNumber, practice.customerNumber));
  if (existing) {
    const rows = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.companyId, existing.id))
      .orderBy(locations.createdAt, locations.name);
    return { id: existing.id, locationIds: rows.map((r) => r.id) };
  }
  const [company] = await tx.insert(companies).values(practice).returning({ id: companies.id });
  if (!company) throw new Error('demo practice not created');
  const locationIds: string[] = [];
  for (const location of locationData) {
    const [row] = await tx
      .insert(locations)
      .values({ ...location, companyId: company.id })
      .returning({ id: locations.id });
    if (row) locationIds.push(row.id);
  }
  await tx.insert(entitlements).values([
    { companyId: company.id, productCode: 'PORTAL_BASIC', name: 'Praxisportal Basis', validFrom: '2025-01-01', validUntil: null },
    { companyId: company.id, productCode: 'SUPPORT_PREMIUM', name: 'Premium-Support', validFrom: '2026-01-01', validUntil: '2026-12-31' },
  ]);
  return { id: company.id, locationIds };
}

/**
 * Loads the demo practices and customers of PRODUCT §8. Idempotent: existing demo rows are
 * left as they are, so a restart keeps what a person changed. Runs under an advisory lock.
 */
export async function seedDemoData(database: Database): Promise<void> {
  await database.withAdvisoryLock(DEMO_SEED_LOCK_KEY, () =>
    database.db.transaction(async (tx) => {
      const practices = {
        sommer: await upsertPractice(tx, 'sommer'),
        markt: await upsertPractice(tx, 'markt'),
      };
      for (const user of DEMO_USERS) {
        const { memberships: userMemberships, locations: userLocations, primary, ...fields } = user;
        const [existing] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(sql`lower(${customers.email}) = lower(${user.email})`);
        if (existing) continue;
        const [customer] = await tx
          .insert(customers)
          .values({ ...fields, preferredLanguage: 'de', primaryCompanyId: practices[primary].id })
          .returning({ id: customers.id });
        if (!customer) throw new Error('demo customer not created');
        for (const membership of userMemberships) {
          await tx
            .insert(memberships)
            .values({
              customerId: customer.id,
              companyId: practices[membership.practice].id,
              role: membership.role,
              status: 'enabled',
            })
            .onConflictDoNothing();
        }
        for (const index of userLocations) {
          const locationId = practices[primary].locationIds[index];
          if (locationId) {
            await tx.insert(locationAssignments).values({ locationId, customerId: customer.id }).onConflictDoNothing();
          }
        }
        await tx.insert(newsletterPreferences).values({ customerId: customer.id }).onConflictDoNothing();
      }
      // The creator of a demo practice is its superadmin.
      for (const key of ['sommer', 'markt'] as const) {
        await tx.execute(sql`
          update ${companies} set created_by = m.customer_id
          from ${memberships} m
          where m.company_id = ${companies.id} and m.role = 'superadmin'
            and ${companies.id} = ${practices[key].id} and ${companies.createdBy} is null`);
      }
    }),
  );
}

/** Whether the demo customers exist (for the start message). */
export async function hasDemoData(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.email, DEMO_USERS[0].email)));
  return row !== undefined;
}
