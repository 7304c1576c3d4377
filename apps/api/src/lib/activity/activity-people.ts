import { and, desc, eq, inArray } from 'drizzle-orm';
import { isGuid, type ActivityPerson } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { customers, invitations, type auditLog } from '../../db/schema.ts';
import { TypedInviteeSchema } from '../employees/typed.ts';

// Who the activity log names (decision 0082): the people who acted and were acted on, by their
// names as they are now.

type AuditRow = typeof auditLog.$inferSelect;

/** The people an entry names: who acted, and the member acted on. */
export const personIdsOf = (rows: Pick<AuditRow, 'actorCustomerId' | 'entity' | 'entityId'>[]) => [
  ...new Set(
    rows.flatMap((row) => [
      ...(row.actorCustomerId ? [row.actorCustomerId] : []),
      ...(row.entity === 'membership' && row.entityId ? [row.entityId] : []),
    ]),
  ),
];

/** Whether an entry's id can name a row (a pseudonym of a deleted account cannot). */
export const isUuid = isGuid;

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter((part) => part && part.trim() !== '').join(' ') || null;

/**
 * People's names as they are now (decision 0082): the customer's own name, else the name typed
 * when they were invited to this practice, else their address. An id with no customer is a
 * deleted account (its entries carry a pseudonym, decision 0078): no name.
 */
export async function peopleNamed(
  db: Executor,
  companyId: string,
  ids: string[],
): Promise<Map<string, string>> {
  const valid = ids.filter(isUuid);
  const names = new Map<string, string>();
  if (valid.length === 0) return names;
  const found = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
    })
    .from(customers)
    .where(inArray(customers.id, valid));
  const unnamed = found.filter((row) => !fullName(row.firstName, row.lastName));
  const typed = unnamed.length
    ? await db
        .select({ customerId: invitations.customerId, typed: invitations.typed })
        .from(invitations)
        .where(
          and(
            eq(invitations.companyId, companyId),
            inArray(
              invitations.customerId,
              unnamed.map((row) => row.id),
            ),
          ),
        )
        .orderBy(desc(invitations.createdAt))
    : [];
  for (const row of found) {
    const invited = typed.find((invitation) => invitation.customerId === row.id);
    const typedName = invited
      ? (() => {
          const parsed = TypedInviteeSchema.safeParse(invited.typed);
          return parsed.success ? fullName(parsed.data.firstName, parsed.data.lastName) : null;
        })()
      : null;
    names.set(row.id, fullName(row.firstName, row.lastName) ?? typedName ?? row.email);
  }
  return names;
}

export function personOf(id: string | null, names: Map<string, string>): ActivityPerson | null {
  if (!id) return null;
  const name = names.get(id);
  return name === undefined
    ? { customerId: null, name: null, deleted: true }
    : { customerId: id, name, deleted: false };
}
