import { and, eq, sql } from 'drizzle-orm';
import type { InvitationRole } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { invitations, memberships } from '../../db/schema.ts';
import { audit } from '../audit/audit-log.ts';
import { ApiError } from '../http/problem.ts';
import { openInvitation, removeIfInvitationOnly } from './invitation.ts';

export interface InvitationEnd {
  companyId: string;
  /** The invitee. */
  customerId: string;
  /** The invitee declining, or the admin withdrawing it. */
  actorCustomerId: string;
  ending: 'declined' | 'revoked';
  /** Refuses the caller for this invitation (a policy rule), after it is known to exist. */
  mayEnd?: (invitation: { role: InvitationRole }) => void;
}

/**
 * Ends an open invitation, declined by the invitee or withdrawn by an admin, under the practice's
 * lock: no membership remains, and the audit log keeps the invitation and how it ended. None
 * open answers 404.
 */
export async function endInvitation(tx: Executor, end: InvitationEnd): Promise<void> {
  const { companyId, customerId, ending } = end;
  const invitation = await openInvitation(tx, companyId, customerId);
  if (!invitation) throw ApiError.notFound();
  end.mayEnd?.(invitation);
  await tx
    .update(invitations)
    .set(ending === 'declined' ? { declinedAt: sql`now()` } : { revokedAt: sql`now()` })
    .where(eq(invitations.id, invitation.id));
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
