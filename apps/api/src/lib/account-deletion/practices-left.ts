import { and, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { companies, memberships } from '../../db/schema.ts';
import { lockPractice } from '../employees/lock.ts';
import { ApiError } from '../http/problem.ts';

export interface PracticeOfPerson {
  companyId: string;
  name: string;
}

/**
 * The practices whose memberships end with the account, under each practice's lock (in the
 * order of their ids, so two deletions never wait for each other), and those that go with it.
 * The caller's superadmin role must not leave a practice without its superadmin (decision 0078):
 * with other members the role is handed over first; a practice whose only member the caller is,
 * or which the caller has disabled, goes with the account when the request names it.
 */
export async function practicesOnDeletion(
  tx: Executor,
  customerId: string,
  named: readonly string[],
): Promise<{ ended: PracticeOfPerson[]; deleted: PracticeOfPerson[] }> {
  const before = await tx
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .where(eq(memberships.customerId, customerId));
  const ids = [...new Set(before.map((row) => row.companyId))].sort();
  for (const id of ids) await lockPractice(tx, id);
  if (ids.length === 0) {
    if (named.length > 0) throw ApiError.forbidden();
    return { ended: [], deleted: [] };
  }
  // Under the locks: a hand-over or an invitation may have landed since the first read.
  const held = await tx
    .select({
      companyId: memberships.companyId,
      name: companies.name,
      role: memberships.role,
      practiceStatus: companies.status,
      hasOthers: othersRemain(customerId),
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.customerId, customerId), inArray(memberships.companyId, ids)));
  const deleted: PracticeOfPerson[] = [];
  const ended: PracticeOfPerson[] = [];
  for (const row of held) {
    const practice = { companyId: row.companyId, name: row.name };
    if (row.role !== 'superadmin') {
      ended.push(practice);
      continue;
    }
    const mayGo = !row.hasOthers || row.practiceStatus === 'disabled';
    if (!mayGo) throw new ApiError(409, ErrorCode.handOverRequired);
    if (!named.includes(row.companyId)) throw new ApiError(409, ErrorCode.practiceDeletionRequired);
    deleted.push(practice);
  }
  // Only a practice that may go with the account may be named.
  const deletable = new Set(deleted.map((practice) => practice.companyId));
  if (named.some((id) => !deletable.has(id))) throw ApiError.forbidden();
  return { ended, deleted };
}

/**
 * Whether the practice of the selected membership keeps members when the person goes: enabled
 * or disabled ones (invited and requesting people do not count). Only whether there is one
 * matters, so the first found ends the search; a practice of 10,000 people is not read whole.
 */
export function othersRemain(customerId: string) {
  return sql<boolean>`exists (select 1 from ${memberships} as m
    where m.company_id = ${memberships.companyId} and m.customer_id <> ${customerId}
    and m.status in ('enabled', 'disabled'))`;
}

/** Deletes the practices: their locations, memberships, invitations and entitlements go too. */
export async function deletePractices(tx: Executor, practices: readonly PracticeOfPerson[]) {
  if (practices.length === 0) return;
  await tx.delete(companies).where(
    inArray(
      companies.id,
      practices.map((practice) => practice.companyId),
    ),
  );
}
