// The statements of an invitation that the portal builds (`mail/quota.ts`,
// `employees/invite-person.ts`), for the bare reference (reference-server.ts) and the plans of
// `--explain` (scale.ts): PostgreSQL's statement log of Employee/InviteEmployee, captured
// 2026-11-29 (capture-statements.ts), line breaks and all.
import { domainPart, mailboxOf } from '@pp/contract';

/** The templates whose mails count apart from the recipient's others (`SECURITY_NOTICES`). */
const SECURITY_NOTICES = ['new-browser-sign-in', 'second-factor-failures', 'second-factor-changed'];

/** A limit's name in the statement's columns (`<name>_hour`, `<name>_day`) and its figures. */
interface MailLimit {
  name: string;
  hour: number;
  day?: number;
}

/** The four limits an invitation passes, in the portal's order (`MAIL_LIMITS`). */
export const MAIL_LIMITS: MailLimit[] = [
  { name: 'recipient', hour: 5, day: 10 },
  { name: 'account', hour: 30, day: 100 },
  { name: 'practice', hour: 50, day: 200 },
  { name: 'domain', hour: 30 },
];

/** The four limits' counts of the last hour and day, in one statement: $1–$10. */
export const MAIL_QUOTA = `select * from (select count(*) filter (where "mail_outbox"."created_at" > now() - interval '1 hour') as "recipient_hour",
      coalesce(ceil(extract(epoch from min("mail_outbox"."created_at") filter (where "mail_outbox"."created_at" > now() - interval '1 hour')
        + interval '1 hour' - now())), 1) as "recipient_hour_retry", count(*) filter (where "mail_outbox"."created_at" > now() - interval '1 day') as "recipient_day",
      coalesce(ceil(extract(epoch from min("mail_outbox"."created_at") filter (where "mail_outbox"."created_at" > now() - interval '1 day')
        + interval '1 day' - now())), 1) as "recipient_day_retry" from "mail_outbox"
    where ((("mail_outbox"."recipient_mailbox" = $1 or ("mail_outbox"."recipient_mailbox" is null
    and lower("mail_outbox"."recipient") = lower($2))) and "mail_outbox"."template" not in ($3, $4, $5))) and "mail_outbox"."created_at" > now() - interval '1 day')
    as "recipient" cross join (select count(*) filter (where "mail_outbox"."created_at" > now() - interval '1 hour') as "account_hour",
      coalesce(ceil(extract(epoch from min("mail_outbox"."created_at") filter (where "mail_outbox"."created_at" > now() - interval '1 hour')
        + interval '1 hour' - now())), 1) as "account_hour_retry", count(*) filter (where "mail_outbox"."created_at" > now() - interval '1 day') as "account_day",
      coalesce(ceil(extract(epoch from min("mail_outbox"."created_at") filter (where "mail_outbox"."created_at" > now() - interval '1 day')
        + interval '1 day' - now())), 1) as "account_day_retry" from "mail_outbox"
    where ("mail_outbox"."actor_customer_id" = $6) and "mail_outbox"."created_at" > now() - interval '1 day')
    as "account" cross join (select count(*) filter (where "mail_outbox"."created_at" > now() - interval '1 hour') as "practice_hour",
      coalesce(ceil(extract(epoch from min("mail_outbox"."created_at") filter (where "mail_outbox"."created_at" > now() - interval '1 hour')
        + interval '1 hour' - now())), 1) as "practice_hour_retry", count(*) filter (where "mail_outbox"."created_at" > now() - interval '1 day') as "practice_day",
      coalesce(ceil(extract(epoch from min("mail_outbox"."created_at") filter (where "mail_outbox"."created_at" > now() - interval '1 day')
        + interval '1 day' - now())), 1) as "practice_day_retry" from "mail_outbox"
    where ("mail_outbox"."company_id" = $7) and "mail_outbox"."created_at" > now() - interval '1 day')
    as "practice" cross join (select count(*) filter (where "mail_outbox"."created_at" > now() - interval '1 hour') as "domain_hour",
      coalesce(ceil(extract(epoch from min("mail_outbox"."created_at") filter (where "mail_outbox"."created_at" > now() - interval '1 hour')
        + interval '1 hour' - now())), 1) as "domain_hour_retry", count(*) filter (where "mail_outbox"."created_at" > now() - interval '1 day') as "domain_day",
      coalesce(ceil(extract(epoch from min("mail_outbox"."created_at") filter (where "mail_outbox"."created_at" > now() - interval '1 day')
        + interval '1 day' - now())), 1) as "domain_day_retry" from "mail_outbox"
    where ("mail_outbox"."company_id" = $8 and "mail_outbox"."template" = 'invitation'
    and substring(coalesce("mail_outbox"."recipient_mailbox", lower("mail_outbox"."recipient")) from $9) = $10) and "mail_outbox"."created_at" > now() - interval '1 day')
    as "domain"`;

/** {@link MAIL_QUOTA}'s values for an invitation of `email` by `inviterId` for `companyId`. */
export const mailQuotaValues = (email: string, inviterId: string, companyId: string) => [
  mailboxOf(email),
  email,
  ...SECURITY_NOTICES,
  inviterId,
  companyId,
  companyId,
  '@([^@]*)$',
  domainPart(email),
];

/**
 * The new invitee, the membership, the invitation, its mail and the audit entry in one statement:
 * $1–$4 the customer, $5–$8 the membership, $9–$16 the invitation, $17–$28 the mail, $29–$34 the
 * audit entry.
 */
export const INVITATION_INSERT = `with "invitee" as (insert into "customers" ("id", "email", "salutation", "title", "first_name", "last_name", "phone", "position", "profession", "other_industry", "date_of_birth", "preferred_language", "primary_company_id", "invitation_only", "created_at", "updated_at") values ($1, $2, default, default, default, default, default, default, default, default, default, $3, default, $4, default, default) returning "id"), "joined" as (insert into "memberships" ("customer_id", "company_id", "role", "status", "shown_name", "shown_email", "shown_search", "created_at", "updated_at") values ($5, $6, $7, $8, default, default, default, default, default) returning "customer_id"), "invitation" as (insert into "invitations" ("id", "company_id", "customer_id", "invited_by", "email", "role", "typed", "token_hash", "expires_at", "accepted_at", "declined_at", "revoked_at", "created_at") values (default, $9, $10, $11, $12, $13, $14, $15, now() + make_interval(days => $16), default, default, default, default) returning "id"), "queued" as (insert into "mail_outbox" ("id", "message_id", "recipient", "recipient_mailbox", "language", "template", "actor_customer_id", "company_id", "subject", "text_body", "html_body", "links", "headers", "status", "attempts", "next_attempt_at", "locked_until", "last_error", "created_at", "sent_at") values (default, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, default, default, default, default, default, default, default) returning "id"), "audit_entry" as (insert into "audit_log" ("actor_customer_id", "action", "entity", "entity_id", "company_id", "data")
        select $29::uuid, $30::text, $31::text,
               $32::text, $33::uuid,
               $34::jsonb
        from "joined") select "customer_id" from "joined"`;
