import { eq } from 'drizzle-orm';
import { normalizeEmail } from '@pp/contract';
import type { Executor } from '../../src/db/client.ts';
import { companies, customers } from '../../src/db/schema.ts';

/** The demo users of PRODUCT §8, by first name. */
export const demo = {
  anna: 'anna.sommer@example.com',
  ben: 'ben.krause@example.com',
  clara: 'clara.wolf@example.com',
  david: 'david.markt@example.com',
} as const;
export type DemoUser = keyof typeof demo;
export const DEMO_USER_NAMES = Object.keys(demo) as DemoUser[];

/** The demo practices, by the names PRODUCT §8 gives them. */
export const demoPracticeNames = {
  sommer: 'Zahnarztpraxis Dr. Sommer',
  markt: 'Praxis am Markt',
} as const;
export type DemoPractice = keyof typeof demoPracticeNames;

/** Ids of the demo practices in this test database, looked up by name. */
export async function demoPracticeIds(db: Executor): Promise<Record<DemoPractice, string>> {
  const byName = async (name: string) => {
    const [row] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, name));
    if (!row) throw new Error(`demo practice "${name}" is missing`);
    return row.id;
  };
  return {
    sommer: await byName(demoPracticeNames.sommer),
    markt: await byName(demoPracticeNames.markt),
  };
}

/** The id of a customer, looked up by e-mail (case-insensitive). */
export async function customerIdOf(db: Executor, email: string): Promise<string> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, normalizeEmail(email)));
  if (!row) throw new Error(`no customer with this e-mail`);
  return row.id;
}
