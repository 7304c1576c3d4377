import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { SentRequest } from '@pp/contract';
import type { Db, Executor } from '../../db/client.ts';
import { connectRequests, memberships } from '../../db/schema.ts';
import { audit } from '../audit/audit-log.ts';
import { lockPractice } from '../employees/lock.ts';

/** How long a request waits for an admin before it lapses (decision 0052). */
export const SENT_REQUEST_DAYS = 30;

/** A request of a right pair that no admin approved: its membership is requested or declined. */
const UNAPPROVED: ('requested' | 'disabled')[] = ['requested', 'disabled'];

export interface TypedPair {
  customerNumber: string;
  postalCode: string;
}

/**
 * Records a request as typed, for a right pair (with the membership it made) and a wrong one
 * alike. The same pair again keeps the first record, and links it if it now made a membership.
 */
export async function recordSentRequest(
  tx: Executor,
  customerId: string,
  typed: TypedPair,
  companyId: string | null,
): Promise<void> {
  await tx
    .insert(connectRequests)
    .values({
      customerId,
      ...typed,
      companyId,
      expiresAt: sql`now() + make_interval(days => ${SENT_REQUEST_DAYS})`,
    })
    .onConflictDoUpdate({
      target: [
        connectRequests.customerId,
        connectRequests.customerNumber,
        connectRequests.postalCode,
      ],
      set: { companyId: sql`coalesce(${connectRequests.companyId}, excluded.company_id)` },
    });
}

/** The caller's open requests, oldest first, with nothing but what they typed. */
export async function sentRequestsOf(db: Executor, customerId: string): Promise<SentRequest[]> {
  const rows = await db
    .select({
      requestId: connectRequests.id,
      customerNumber: connectRequests.customerNumber,
      postalCode: connectRequests.postalCode,
      requestedAt: connectRequests.createdAt,
      expiresAt: connectRequests.expiresAt,
    })
    .from(connectRequests)
    .where(
      and(eq(connectRequests.customerId, customerId), gt(connectRequests.expiresAt, sql`now()`)),
    )
    .orderBy(asc(connectRequests.createdAt), asc(connectRequests.id));
  return rows.map((row) => ({
    ...row,
    requestedAt: row.requestedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

/** Ends a request: its record, and the membership of a right pair that no admin approved. */
async function endRequest(
  tx: Executor,
  request: { id: string; customerId: string; companyId: string | null },
  action: string,
): Promise<void> {
  await tx.delete(connectRequests).where(eq(connectRequests.id, request.id));
  if (!request.companyId) return;
  const removed = await tx
    .delete(memberships)
    .where(
      and(
        eq(memberships.customerId, request.customerId),
        eq(memberships.companyId, request.companyId),
        inArray(memberships.status, UNAPPROVED),
      ),
    )
    .returning({ customerId: memberships.customerId });
  if (removed.length === 0) return;
  await audit(tx, {
    actorCustomerId: action === 'membership.request_withdrawn' ? request.customerId : null,
    action,
    entity: 'membership',
    entityId: request.customerId,
    companyId: request.companyId,
  });
}

/** Whether the caller had such a request: another's id or none answers like a random one. */
export async function withdrawSentRequest(
  tx: Executor,
  customerId: string,
  requestId: string,
): Promise<boolean> {
  const mine = and(eq(connectRequests.id, requestId), eq(connectRequests.customerId, customerId));
  const [found] = await tx.select().from(connectRequests).where(mine);
  if (!found) return false;
  // Under the practice's lock, like every change of its memberships: an admin approving at this
  // moment either lands first (and removed the record) or after (and finds nothing to approve).
  if (found.companyId) await lockPractice(tx, found.companyId);
  const [current] = await tx.select().from(connectRequests).where(mine);
  if (current) await endRequest(tx, current, 'membership.request_withdrawn');
  return true;
}

/** An approval makes the practice the person's own: the record of their request goes. */
export async function forgetApprovedRequest(
  tx: Executor,
  customerId: string,
  companyId: string,
): Promise<void> {
  await tx
    .delete(connectRequests)
    .where(
      and(eq(connectRequests.customerId, customerId), eq(connectRequests.companyId, companyId)),
    );
}

/** Ends every request past its time (housekeeping); answers how many. */
export async function sweepExpiredRequests(db: Db): Promise<number> {
  const expired = await db
    .select()
    .from(connectRequests)
    .where(lte(connectRequests.expiresAt, sql`now()`));
  for (const request of expired) {
    await db.transaction(async (tx) => {
      if (request.companyId) await lockPractice(tx, request.companyId);
      await endRequest(tx, request, 'membership.request_expired');
    });
  }
  return expired.length;
}
