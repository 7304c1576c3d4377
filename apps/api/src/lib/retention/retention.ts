import { sweepSignInHistory } from '@pp/idp';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  bulkRequests,
  emailChanges,
  invitations,
  mailOutbox,
  memberships,
} from '../../db/schema.ts';
import { sweepUnconfirmedSubscriptions } from '../preferences/double-opt-in.ts';
import { MIN_MAIL_DAYS, type RetentionPeriods } from './periods.ts';

/** Rows removed per statement, so one run never holds a long lock on a busy table. */
const BATCH = 1000;

export type RetentionCounts = Record<
  | 'invitations'
  | 'invitedMemberships'
  | 'emailChanges'
  | 'newsletterRequests'
  | 'signIns'
  | 'mails'
  | 'bulkRequests',
  number
>;

/** A bulk request's answer is kept for retries, which come within minutes (decision 0084). */
export const BULK_REQUEST_DAYS = 1;

const before = (days: number) => sql`now() - make_interval(days => ${days})`;

/**
 * An invitation that ended (expired, declined, withdrawn) more than `days` ago, never an accepted
 * one: an accepted invitation holds the names the practice typed, shown until the person gives
 * their own (lib/employees/typed-when-accepted.ts).
 */
const endedInvitation = (days: number) => sql`${invitations.acceptedAt} is null and (
    (${invitations.declinedAt} is null and ${invitations.revokedAt} is null
      and ${invitations.expiresAt} < ${before(days)})
    or ${invitations.declinedAt} < ${before(days)}
    or ${invitations.revokedAt} < ${before(days)})`;

async function removeEndedInvitations(db: Db, days: number) {
  return db.transaction(async (tx) => {
    // An invited membership whose every open invitation expired that long ago leaves the staff
    // list with it: the practice saw it as "expired" with a resend for `days`.
    const invited = await tx
      .delete(memberships)
      .where(
        sql`${memberships.status} = 'invited' and not exists (
          select 1 from ${invitations} i
          where i.company_id = ${memberships.companyId} and i.customer_id = ${memberships.customerId}
            and i.accepted_at is null and i.declined_at is null and i.revoked_at is null
            and i.expires_at >= ${before(days)})`,
      )
      .returning({ customerId: memberships.customerId });
    const removed = await tx
      .delete(invitations)
      .where(
        sql`${invitations.id} in (select ${invitations.id} from ${invitations}
          where ${endedInvitation(days)} limit ${BATCH})`,
      )
      .returning({ id: invitations.id });
    return { invitations: removed.length, invitedMemberships: invited.length };
  });
}

async function removeEmailChanges(db: Db, days: number) {
  const removed = await db
    .delete(emailChanges)
    .where(
      sql`${emailChanges.id} in (select ${emailChanges.id} from ${emailChanges}
        where ${emailChanges.expiresAt} < ${before(days)} limit ${BATCH})`,
    )
    .returning({ id: emailChanges.id });
  return removed.length;
}

async function removeFinishedMails(db: Db, days: number) {
  const removed = await db
    .delete(mailOutbox)
    .where(
      sql`${mailOutbox.id} in (select ${mailOutbox.id} from ${mailOutbox}
        where ${mailOutbox.status} in ('sent', 'failed')
          and ${mailOutbox.createdAt} < ${before(Math.max(days, MIN_MAIL_DAYS))}
        limit ${BATCH})`,
    )
    .returning({ id: mailOutbox.id });
  return removed.length;
}

async function removeBulkRequests(db: Db) {
  const removed = await db
    .delete(bulkRequests)
    .where(
      sql`(${bulkRequests.actorCustomerId}, ${bulkRequests.idempotencyKey}) in (
        select actor_customer_id, idempotency_key from ${bulkRequests}
        where ${bulkRequests.createdAt} < ${before(BULK_REQUEST_DAYS)} limit ${BATCH})`,
    )
    .returning({ key: bulkRequests.idempotencyKey });
  return removed.length;
}

/**
 * One round of retention: removes what is past its period, at most {@link BATCH} rows of each
 * kind (the next round takes the rest). Idempotent: instances may run it side by side.
 */
export async function applyRetention(db: Db, periods: RetentionPeriods): Promise<RetentionCounts> {
  const ended = await removeEndedInvitations(db, periods.invitationDays);
  return {
    ...ended,
    emailChanges: await removeEmailChanges(db, periods.emailChangeDays),
    newsletterRequests: await sweepUnconfirmedSubscriptions(db, periods.newsletterRequestDays),
    signIns: await sweepSignInHistory(db, periods.signInDays),
    mails: await removeFinishedMails(db, periods.mailDays),
    bulkRequests: await removeBulkRequests(db),
  };
}
