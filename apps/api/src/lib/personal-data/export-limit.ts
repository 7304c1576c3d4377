import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { ApiError } from '../http/problem.ts';

/** The audit action of an export: its entries are also what the daily limit counts. */
export const EXPORT_ACTION = 'customer.data_exported';

/**
 * Exports a person may take in 24 hours (decision 0079): enough to retry a failed download or
 * compare before and after a change, too few to make the export a way to load the database.
 */
export const EXPORTS_PER_DAY = 3;

/** Throws 429 `rate_limited` (with Retry-After) when the caller took the day's exports already. */
export async function assertExportAllowed(tx: Executor, customerId: string): Promise<void> {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      retryAfter: sql<number>`coalesce(ceil(extract(epoch from
        min(${auditLog.at}) + interval '1 day' - now())), 1)`.mapWith(Number),
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorCustomerId, customerId),
        eq(auditLog.action, EXPORT_ACTION),
        sql`${auditLog.at} > now() - interval '1 day'`,
      ),
    );
  if (row && row.count >= EXPORTS_PER_DAY) {
    throw new ApiError(429, ErrorCode.rateLimited, undefined, {
      'retry-after': String(Math.max(1, row.retryAfter)),
    });
  }
}
