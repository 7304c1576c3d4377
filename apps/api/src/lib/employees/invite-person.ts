import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ErrorCode, type InvitationRole, type Language, type MembershipRole } from '@pp/contract';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { customers, invitations, mailOutbox, memberships } from '../../db/schema.ts';
import { mailSiteOf, outboxValues } from '../../mail/outbox.ts';
import { assertMailQuota } from '../../mail/quota.ts';
import { auditOf } from '../audit/audit-log.ts';
import { assertMayInviteAs } from '../authorization/policy.ts';
import { ApiError } from '../http/problem.ts';
import { freshInvitation, invitationMail } from './invitation.ts';
import { membershipOf } from './lock.ts';
import type { TypedInvitee } from './typed.ts';

export interface PersonToInvite {
  companyId: string;
  /** The practice's name, as the caller's membership read it: the mail names it. */
  practiceName: string;
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
  const { link, ...secret } = freshInvitation(config);
  const mail = outboxValues(
    invitationMail(
      { to: email, language, companyId, inviter: { id: inviter.id, name: inviter.name }, link },
      person.practiceName,
    ),
    mailSiteOf(config),
  );
  // The invitee (when new), the membership, the invitation, its mail and the audit entry in one
  // statement (issue 46: the statements, not their work, were an invitation's cost). The mail
  // limits were checked at the start of this transaction, before the address was looked up
  // (decision 0086). A new invitee's id is made here, so every row can name it. The membership's
  // shown name and address are right only because the invitations' trigger runs at the end of the
  // statement (invitations_shown_person): the memberships' own sees neither the new customer nor
  // the invitation yet.
  const inviteeId = existing?.id ?? randomUUID();
  const invitee = tx
    .$with('invitee')
    .as(
      tx
        .insert(customers)
        .values({ id: inviteeId, email, invitationOnly: true, preferredLanguage: language })
        .returning({ id: customers.id }),
    );
  const joined = tx
    .$with('joined')
    .as(
      tx
        .insert(memberships)
        .values({ customerId: inviteeId, companyId, role, status: 'invited' })
        .returning({ customerId: memberships.customerId }),
    );
  const invitation = tx.$with('invitation').as(
    tx
      .insert(invitations)
      .values({
        companyId,
        customerId: inviteeId,
        invitedBy: inviter.id,
        email,
        role,
        typed: { ...person.typed },
        ...secret,
      })
      .returning({ id: invitations.id }),
  );
  const queued = tx
    .$with('queued')
    .as(tx.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id }));
  const entry = auditOf(tx, joined, {
    actorCustomerId: inviter.id,
    action: 'employee.invited',
    entity: 'membership',
    entityId: inviteeId,
    companyId,
    data: { role },
  });
  const made = existing ? [] : [invitee];
  await tx
    .with(...made, joined, invitation, queued, entry)
    .select()
    .from(joined);
}

/** A person's membership of the practice by address, in any status, or undefined. */
export async function membershipByEmail(tx: Executor, email: string, companyId: string) {
  const [existing] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, email));
  return existing ? membershipOf(tx, existing.id, companyId) : undefined;
}
