import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  BulkRowResultSchema,
  ErrorCode,
  type BulkResults,
  type BulkRowReason,
  type BulkRowResult,
  type MembershipRole,
} from '@pp/contract';
import type { Db, Executor } from '../../db/client.ts';
import { bulkRequests } from '../../db/schema.ts';
import { recheckRole } from '../authorization/recheck.ts';
import { ApiError } from '../http/problem.ts';
import { requestFingerprint } from '../http/request-fingerprint.ts';
import { lockPractice } from './lock.ts';
import { onceMoreIfAddressTaken } from './address-taken.ts';

export interface BulkRequest {
  /** The call's path: a key stays with the call it was first used for. */
  call: string;
  companyId: string;
  callerId: string;
  /** Absent only for a dry run. */
  idempotencyKey: string | undefined;
  dryRun: boolean;
  /** The request's body: a retry with the key must send the same one. */
  body: unknown;
}

type Work = (tx: Executor, callerRole: MembershipRole) => Promise<BulkRowResult[]>;

/** Ends a dry run's transaction: everything it wrote is rolled back, its results kept. */
class DryRunDone extends Error {
  constructor(readonly results: BulkRowResult[]) {
    super('dry run');
  }
}

const StoredResultsSchema = z.array(BulkRowResultSchema);

/**
 * Runs a bulk request (decision 0084) in one transaction under the practice's lock, with the
 * caller's role re-checked there. A key seen before with the same body answers its stored results
 * and does nothing again (another body is `422 idempotency_key_reused`); a new one stores them in
 * the same transaction, so a request that failed half-way stored neither its rows nor its key and
 * may be retried whole. A dry run does all the work, with every rule and limit, and rolls it back.
 */
export async function runBulk(db: Db, request: BulkRequest, work: Work): Promise<BulkResults> {
  const { companyId, callerId, idempotencyKey } = request;
  try {
    return await db.transaction(async (tx) => {
      await lockPractice(tx, companyId);
      // Under the lock: a concurrent role change may have landed since the declared check.
      const callerRole = await recheckRole(tx, callerId, companyId, 'admin');
      if (idempotencyKey && !request.dryRun) {
        const stored = await storedResults(tx, request, idempotencyKey);
        if (stored) return { results: stored, replayed: true };
      }
      const results = await work(tx, callerRole);
      if (request.dryRun || !idempotencyKey) throw new DryRunDone(results);
      await tx.insert(bulkRequests).values({
        actorCustomerId: callerId,
        idempotencyKey,
        companyId,
        call: request.call,
        requestHash: requestFingerprint(request.call, request.body),
        results,
      });
      return { results, replayed: false };
    });
  } catch (error) {
    if (error instanceof DryRunDone) return { results: error.results, replayed: false };
    throw error;
  }
}

async function storedResults(tx: Executor, request: BulkRequest, key: string) {
  const [row] = await tx
    .select()
    .from(bulkRequests)
    .where(
      and(eq(bulkRequests.actorCustomerId, request.callerId), eq(bulkRequests.idempotencyKey, key)),
    );
  if (!row) return undefined;
  // The same key for another call or practice is a client's mistake, not a retry.
  if (row.call !== request.call || row.companyId !== request.companyId) {
    throw new ApiError(409, ErrorCode.conflict);
  }
  // Another body under the same key would otherwise be answered as if it had been sent. A row
  // from before migration 0022 has no hash and answers as it did.
  if (row.requestHash && row.requestHash !== requestFingerprint(request.call, request.body)) {
    throw new ApiError(422, ErrorCode.idempotencyKeyReused);
  }
  return StoredResultsSchema.parse(row.results);
}

/** A refusal of the single call, as a row's reason. */
const REASONS: Partial<Record<ErrorCode, BulkRowReason>> = {
  [ErrorCode.forbidden]: 'forbidden',
  [ErrorCode.notFound]: 'not_found',
  [ErrorCode.conflict]: 'conflict',
  [ErrorCode.alreadyMember]: 'already_member',
  [ErrorCode.rateLimited]: 'rate_limited',
};

/**
 * One row in a savepoint of its own: the single call's rules refuse it as they would refuse the
 * single call, and what it wrote before the refusal is rolled back; other rows go on.
 */
export async function attemptRow(
  tx: Executor,
  index: number,
  row: (savepoint: Executor) => Promise<void>,
  reasonFor: (reason: BulkRowReason) => BulkRowReason = (reason) => reason,
): Promise<BulkRowResult> {
  try {
    // An invitation's row may meet another practice inviting the same new address right now;
    // the other actions never make a customer, so this never repeats them.
    await onceMoreIfAddressTaken(() => tx.transaction(row));
    return { index, outcome: 'ok', reason: null };
  } catch (error) {
    const reason = error instanceof ApiError ? REASONS[error.code] : undefined;
    if (!reason) throw error;
    return refusedRow(index, reasonFor(reason));
  }
}

export function refusedRow(index: number, reason: BulkRowReason): BulkRowResult {
  return { index, outcome: 'refused', reason };
}
