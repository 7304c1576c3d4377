import { eq } from 'drizzle-orm';
import { ErrorCode, type InvitationRole, type Language, type MembershipRole } from '@pp/contract';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { customers, invitations, memberships } from '../../db/schema.ts';
import { assertMailQuota } from '../../mail/quota.ts';
import { audit } from '../audit/audit-log.ts';
import { assertMayInviteAs } from '../authorization/policy.ts';
import { ApiError } from '../http/problem.ts';
import { freshInvitation, sendInvitation } from './invitation.ts';
import { membershipOf } from './lock.ts';
import type { TypedInvitee } from './typed.ts';

export interface PersonToInvite {
  companyId: string;
  inviter: { id: string; role: MembershipRole; name: string };
  email: string;
  role: InvitationRole;
  typed: Partial<TypedInvitee>;
  /** The language of the request: the mail's language for an address without an account. */
  requestLanguage: Language;
}

/**
 * One invitation, `Employee/InviteEmployee`'s and each row of `InviteEmployees`': the caller's
 * right to the role, the mail limits before anything is looked up (a refusal must not depend on
 * the address), `409 already_member` for anybody in the practice in any status, then the
 * membership, the invitation, its mail and the audit entry. The caller holds the practice's lock
 * and has re-checked its role under it.
 */
export async function invitePerson(tx: Executor, config: Config, person: PersonToInvite) {
  const { companyId, inviter, email, role } = person;
  assertMayInviteAs(inviter.role, role);
  await assertMailQuota(tx, {
    recipient: email,
    actorCustomerId: inviter.id,
    companyId,
    template: 'invitation',
  });
  // Held until commit: an account deleted at the same time is gone before this reads it (a new
  // invitee is made) or waits for this invitation, which then goes with it (decision 0078).
  const [existing] = await tx
    .select()
    .from(customers)
    .where(eq(customers.email, email))
    .for('share');
  if (existing && (await membershipOf(tx, existing.id, companyId))) {
    throw new ApiError(409, ErrorCode.alreadyMember);
  }
  const language = existing?.preferredLanguage ?? person.requestLanguage;
  const invitee =
    existing ??
    (
      await tx
        .insert(customers)
        .values({ email, invitationOnly: true, preferredLanguage: language })
        .returning()
    )[0];
  if (!invitee) throw new Error('the invitee was not created');
  await tx
    .insert(memberships)
    .values({ customerId: invitee.id, companyId, role, status: 'invited' });
  const { link, ...secret } = freshInvitation(config);
  await tx.insert(invitations).values({
    companyId,
    customerId: invitee.id,
    invitedBy: inviter.id,
    email,
    role,
    typed: { ...person.typed },
    ...secret,
  });
  await sendInvitation(tx, config, {
    to: email,
    language,
    companyId,
    inviter: { id: inviter.id, name: inviter.name },
    link,
    // Checked at the start of this transaction, before the address was looked up; a second
    // check would run the same three counts again (decision 0086).
    quotaChecked: true,
  });
  await audit(tx, {
    actorCustomerId: inviter.id,
    action: 'employee.invited',
    entity: 'membership',
    entityId: invitee.id,
    companyId,
    data: { role },
  });
}

/** A person's membership of the practice by address, in any status, or undefined. */
export async function membershipByEmail(tx: Executor, email: string, companyId: string) {
  const [existing] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, email));
  return existing ? membershipOf(tx, existing.id, companyId) : undefined;
}
