import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invitations } from '../../db/schema.ts';
import { TypedInviteeSchema, type TypedInvitee } from './typed.ts';

/**
 * What the inviter typed about each of these people in their last accepted invitation of the
 * practice. Someone invited at a new address accepts before giving a name of their own; until
 * they give one, the practice keeps seeing the name it typed instead of only the address (issue
 * 22). The list sorts and finds them by the same names (trigger `membership_shown_person`,
 * migration 0011).
 */
export async function typedWhenAccepted(
  db: Executor,
  companyId: string,
  customerIds: string[],
): Promise<Map<string, TypedInvitee>> {
  const typed = new Map<string, TypedInvitee>();
  if (customerIds.length === 0) return typed;
  const accepted = await db
    .select({ customerId: invitations.customerId, typed: invitations.typed })
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        inArray(invitations.customerId, customerIds),
        isNotNull(invitations.acceptedAt),
      ),
    )
    .orderBy(desc(invitations.acceptedAt), desc(invitations.createdAt));
  for (const row of accepted) {
    if (!typed.has(row.customerId)) typed.set(row.customerId, TypedInviteeSchema.parse(row.typed));
  }
  return typed;
}
