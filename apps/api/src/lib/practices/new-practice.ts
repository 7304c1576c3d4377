import { randomInt } from 'node:crypto';
import { customerNumberOf, CUSTOMER_NUMBER_RANDOM_DIGITS } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';

type NewCompany = Omit<typeof companies.$inferInsert, 'customerNumber'>;

/** A billion numbers: a new one meets a taken one so rarely that a few tries always suffice. */
const TRIES = 5;

/** Nine digits from the operating system's random source, and their check digit (0052). */
export function randomCustomerNumber(): string {
  const random = randomInt(0, 10 ** CUSTOMER_NUMBER_RANDOM_DIGITS);
  return customerNumberOf(String(random).padStart(CUSTOMER_NUMBER_RANDOM_DIGITS, '0'));
}

/**
 * Inserts a practice with a new random customer number. A number already taken conflicts on the
 * unique index without aborting the transaction, and another one is tried.
 */
export async function insertCompany(tx: Executor, values: NewCompany) {
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const [row] = await tx
      .insert(companies)
      .values({ ...values, customerNumber: randomCustomerNumber() })
      .onConflictDoNothing({ target: companies.customerNumber })
      .returning();
    // A practice made in the portal always has a number; only the CRM's may have none (issue 44).
    if (row) return { ...row, customerNumber: row.customerNumber! };
  }
  throw new Error('no free customer number found');
}
