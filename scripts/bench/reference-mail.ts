// The mail limits of an invitation as the portal counts them (`mail/quota.ts`), for the bare
// reference (reference-server.ts) and the plans of `--explain` (scale.ts): PostgreSQL's statement
// log of Employee/InviteEmployee, captured 2026-11-29 (capture-statements.ts), line breaks and all.
import { domainPart, mailboxOf } from '@pp/contract';

/** The templates whose mails count apart from the recipient's others (`SECURITY_NOTICES`). */
const SECURITY_NOTICES = ['new-browser-sign-in', 'second-factor-failures', 'second-factor-changed'];

/** The count of one window pair, by recipient, account, practice or domain. */
const mailWindows = (where: string) =>
  `select count(*) filter (where "mail_outbox"."created_at" > now() - interval '1 hour'), coalesce(ceil(extract(epoch from
      min("created_at") filter (where "mail_outbox"."created_at" > now() - interval '1 hour') + interval '1 hour' - now())), 1), count(*) filter (where "mail_outbox"."created_at" > now() - interval '1 day'), coalesce(ceil(extract(epoch from
      min("created_at") filter (where "mail_outbox"."created_at" > now() - interval '1 day') + interval '1 day' - now())), 1) from "mail_outbox" where (${where} and "mail_outbox"."created_at" > now() - interval '1 day')`;

export interface MailLimit {
  text: string;
  hour: number;
  day?: number;
  /** The statement's values for an invitation of `email` by `inviterId` for `companyId`. */
  values(email: string, inviterId: string, companyId: string): unknown[];
}

/** The four limits an invitation passes, in the portal's order. */
export const MAIL_LIMITS: MailLimit[] = [
  {
    text: mailWindows(`(("mail_outbox"."recipient_mailbox" = $1 or ("mail_outbox"."recipient_mailbox" is null
    and lower("mail_outbox"."recipient") = lower($2))) and "mail_outbox"."template" not in ($3, $4, $5))`),
    hour: 5,
    day: 10,
    values: (email) => [mailboxOf(email), email, ...SECURITY_NOTICES],
  },
  {
    text: mailWindows(`"mail_outbox"."actor_customer_id" = $1`),
    hour: 30,
    day: 100,
    values: (_email, inviterId) => [inviterId],
  },
  {
    text: mailWindows(`"mail_outbox"."company_id" = $1`),
    hour: 50,
    day: 200,
    values: (_email, _inviterId, companyId) => [companyId],
  },
  {
    text: mailWindows(`"mail_outbox"."company_id" = $1 and "mail_outbox"."template" = 'invitation'
    and substring(coalesce("mail_outbox"."recipient_mailbox", lower("mail_outbox"."recipient")) from $2) = $3`),
    hour: 30,
    values: (email, _inviterId, companyId) => [companyId, '@([^@]*)$', domainPart(email)],
  },
];

/** The invitation's mail, with its mailbox (migration 0022): $1–$12. */
export const MAIL_INSERT = `insert into "mail_outbox" ("id", "message_id", "recipient", "recipient_mailbox", "language", "template", "actor_customer_id", "company_id", "subject", "text_body", "html_body", "links", "headers", "status", "attempts", "next_attempt_at", "locked_until", "last_error", "created_at", "sent_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, default, default, default, default, default, default, default) returning "id"`;
