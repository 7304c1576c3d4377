import { eq, sql } from 'drizzle-orm';
import type { MembershipRole } from '@pp/contract';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { customers, invitations } from '../../db/schema.ts';
import { audit } from '../audit/audit-log.ts';
import { assertMayInviteAs } from '../authorization/policy.ts';
import { ApiError } from '../http/problem.ts';
import { freshInvitation, openInvitation, sendInvitation } from './invitation.ts';

export interface InvitationResend {
  companyId: string;
  /** The invitee. */
  customerId: string;
  admin: { id: string; role: MembershipRole; name: string };
}

/**
 * A fresh link and a fresh expiry of 7 days for a pending or expired invitation, with its mail
 * and audit entry (`Employee/ResendInvitation` and the bulk action). None open answers 404; an
 * admin's invitation only the superadmin resends. The caller holds the practice's lock and has
 * re-checked its role under it.
 */
export async function resendInvitation(tx: Executor, config: Config, resend: InvitationResend) {
  const { companyId, customerId, admin } = resend;
  const invitation = await openInvitation(tx, companyId, customerId);
  if (!invitation) throw ApiError.notFound();
  assertMayInviteAs(admin.role, invitation.role);
  const { link, ...secret } = freshInvitation(config);
  await tx
    .update(invitations)
    .set({ ...secret, createdAt: sql`now()` })
    .where(eq(invitations.id, invitation.id));
  const [invitee] = await tx.select().from(customers).where(eq(customers.id, customerId));
  await sendInvitation(tx, config, {
    to: invitation.email,
    language: invitee?.preferredLanguage ?? 'de',
    companyId,
    inviter: { id: admin.id, name: admin.name },
    link,
  });
  await audit(tx, {
    actorCustomerId: admin.id,
    action: 'employee.invitation_resent',
    entity: 'membership',
    entityId: customerId,
    companyId,
  });
}
