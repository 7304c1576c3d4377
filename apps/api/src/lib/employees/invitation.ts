import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { companies, customers, identityLinks, invitations, memberships } from '../../db/schema.ts';
import { enqueueMail, mailSiteOf, type OutgoingMail } from '../../mail/outbox.ts';
import type { Language } from '@pp/contract';
import { newLinkSecret } from '../mail-links/link-secrets.ts';

/** An invitation is valid this long (docs/product.md §4). */
export const INVITATION_VALID_DAYS = 7;

/** The open (neither accepted, declined nor revoked) invitation of a person to a practice. */
export async function openInvitation(tx: Executor, companyId: string, customerId: string) {
  const [row] = await tx
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      typed: invitations.typed,
      expired: sql<boolean>`${invitations.expiresAt} <= now()`,
    })
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.customerId, customerId),
        isNull(invitations.acceptedAt),
        isNull(invitations.declinedAt),
        isNull(invitations.revokedAt),
      ),
    );
  return row;
}

/** A fresh secret and expiry for an invitation; answers the link for the mail. */
export function freshInvitation(config: Config) {
  const { secret, hash } = newLinkSecret();
  return {
    tokenHash: hash,
    expiresAt: sql`now() + make_interval(days => ${INVITATION_VALID_DAYS})`,
    link: new URL(`/my-practice?invitation=${secret}`, config.publicUrl),
  };
}

/** Who is invited to which practice, by whom, with which link. */
export interface InvitationMailOf {
  to: string;
  language: Language;
  companyId: string;
  inviter: { id: string; name: string };
  link: URL;
}

/** The invitation mail, in the invitee's language, naming the practice. */
export function invitationMail(mail: InvitationMailOf, practiceName: string): OutgoingMail {
  return {
    to: mail.to,
    language: mail.language,
    actorCustomerId: mail.inviter.id,
    companyId: mail.companyId,
    template: 'invitation',
    params: {
      practiceName,
      inviterName: mail.inviter.name,
      link: mail.link,
    },
  };
}

/** The invitation mail into the outbox, within the mail limits. */
export async function sendInvitation(tx: Executor, config: Config, mail: InvitationMailOf) {
  const [practice] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, mail.companyId));
  await enqueueMail(tx, invitationMail(mail, practice?.name ?? ''), mailSiteOf(config));
}

/**
 * Removes a customer made only for invitations once none of them is open any more: no
 * membership left, no identity ever linked (docs/product.md §4).
 */
export async function removeIfInvitationOnly(tx: Executor, customerId: string): Promise<void> {
  await tx.execute(sql`
    delete from ${customers} c
     where c.id = ${customerId} and c.invitation_only
       and not exists (select 1 from ${memberships} m where m.customer_id = c.id)
       and not exists (select 1 from ${identityLinks} l where l.customer_id = c.id)`);
}
