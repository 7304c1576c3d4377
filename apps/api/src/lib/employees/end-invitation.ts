import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invitations, memberships } from '../../db/schema.ts';
import { audit } from '../audit/audit-log.ts';
import { removeIfInvitationOnly } from './invitation.ts';

export interface InvitationEnd {
  companyId: string;
  /** The invitee. */
  customerId: string;
  /** The invitee declining, or the admin withdrawing it. */
  actorCustomerId: string;
  ending: 'declined' | 'revoked';
}

/**
 * Ends an open invitation, declined by the invitee or withdrawn by an admin, under the practice's
 * lock: no membership remains, and the audit log keeps the invitation and how it ended.
 */
export async function endInvitation(
  tx: Executor,
  invitationId: string,
  end: InvitationEnd,
): Promise<void> {
  const { companyId, customerId, ending } = end;
  await tx
    .update(invitations)
    .set(ending === 'declined' ? { declinedAt: sql`now()` } : { revokedAt: sql`now()` })
    .where(eq(invitations.id, invitationId));
  await tx
    .delete(memberships)
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.customerId, customerId),
        eq(memberships.status, 'invited'),
      ),
    );
  // An invitee who declines is signed in, so has an identity: only a withdrawal can leave a
  // customer made for invitations alone.
  if (ending === 'revoked') await removeIfInvitationOnly(tx, customerId);
  await audit(tx, {
    actorCustomerId: end.actorCustomerId,
    action: `employee.invitation_${ending}`,
    entity: 'membership',
    entityId: customerId,
    companyId,
  });
}
