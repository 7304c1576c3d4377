import { CUSTOMERS_EMAIL_KEY } from '../../db/schema.ts';

/** Whether `error` or what caused it (drizzle wraps the driver's) is a second row for an address. */
function isAddressTaken(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint } = cause as Error & { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === CUSTOMERS_EMAIL_KEY) return true;
  }
  return false;
}

/**
 * Runs `attempt` (a transaction, or a savepoint of one) again once when a concurrent one made a
 * customer of the same new address first: two practices inviting a new person at the same
 * moment. The second waits on the address's unique index until the first commits, fails, and its
 * second attempt finds the person the first made and invites them as an existing customer.
 */
export async function onceMoreIfAddressTaken<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isAddressTaken(error)) throw error;
    return attempt();
  }
}
