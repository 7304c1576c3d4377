import { eq } from 'drizzle-orm';
import { normalizeEmail } from '@pp/contract';
import { DEMO_PRACTICES, DEMO_USERS } from '@pp/demo-data';
import type { Executor } from '../../src/db/client.ts';
import { companies, customers } from '../../src/db/schema.ts';

const [anna, ben, clara, david] = DEMO_USERS;

/** The demo users of docs/product.md §8, by first name. */
export const demo = {
  anna: anna.email,
  ben: ben.email,
  clara: clara.email,
  david: david.email,
} as const;
export type DemoUser = keyof typeof demo;
export const DEMO_USER_NAMES = Object.keys(demo) as DemoUser[];

/** The demo practices, by the names docs/product.md §8 gives them. */
export const demoPracticeNames = {
  sommer: DEMO_PRACTICES.sommer.name,
  markt: DEMO_PRACTICES.markt.name,
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
