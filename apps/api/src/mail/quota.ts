import { and, eq, sql, type SQL } from 'drizzle-orm';
import { domainPart, ErrorCode, mailboxOf } from '@pp/contract';
// Any connection of the database: the provider's transactions write mails too.
import type { Executor } from '@pp/database';
import { mailOutbox } from '../db/schema.ts';
import { ApiError } from '../lib/http/problem.ts';
import type { MailTemplateName } from './templates/index.ts';

/**
 * How many mails the outbox accepts in the last hour and the last 24 hours, so nobody can use the
 * portal to send mail to strangers:
 * - per recipient (the mailbox: the address in its normal form without a `+tag`): 5 an hour,
 *   10 a day — a person gets a handful of verification, reset and invitation mails, never a
 *   stream of them, however many tags the address is written with;
 * - per account (whoever caused the mail): 30 an hour, 100 a day — enough to invite a whole team;
 * - per practice (the practice the mail is about): 50 an hour, 200 a day;
 * - invitations of one practice to one domain: 30 an hour — as many as one account may send, so
 *   one admin's bulk invitation of the whole staff never meets it; it keeps several accounts of a
 *   practice from sending all of its 50 to one catch-all domain;
 * - the notices of an account's security (a new browser, wrong codes, a changed second factor)
 *   count apart, 10 an hour and 20 a day: whoever fills the recipient's ordinary limit (anyone
 *   can ask for password resets) must not keep the owner from hearing that their account changed
 *   (issue 41), and the notices cannot become a flood of their own.
 * Every mail counts, whatever its state. Concurrent requests can overshoot a limit by at most
 * their number, which is fine for a limit against abuse.
 */
export const MAIL_LIMITS = {
  recipient: { hour: 5, day: 10 },
  account: { hour: 30, day: 100 },
  practice: { hour: 50, day: 200 },
  invitationDomain: { hour: 30 },
  securityNotices: { hour: 10, day: 20 },
} as const;

/** The mails that tell a person about their account's security (see MAIL_LIMITS). */
export const SECURITY_NOTICES: readonly MailTemplateName[] = [
  'new-browser-sign-in',
  'second-factor-failures',
  'second-factor-changed',
];

const securityNotices = sql.join(
  SECURITY_NOTICES.map((template) => sql`${template}`),
  sql`, `,
);

/** Mails of the recipient's mailbox of the same class as `template`: notices or the others. */
function sameClass(recipient: string, template: MailTemplateName | undefined): SQL {
  const notice = template !== undefined && SECURITY_NOTICES.includes(template);
  const inClass = notice
    ? sql`${mailOutbox.template} in (${securityNotices})`
    : sql`${mailOutbox.template} not in (${securityNotices})`;
  return and(sameMailbox(recipient), inClass) ?? inClass;
}

export interface MailQuotaSubject {
  recipient: string;
  /** The account whose action causes the mail; null for mails the system sends on its own. */
  actorCustomerId: string | null;
  /** The practice the mail is about, if any. */
  companyId?: string | null;
  /** The mail's template: an invitation also counts per practice and domain. */
  template?: MailTemplateName;
}

const WINDOWS = { hour: '1 hour', day: '1 day' } as const;

/** Mails to the recipient's mailbox; a row from before migration 0021 counts by its address. */
function sameMailbox(recipient: string): SQL {
  const { recipientMailbox, recipient: address } = mailOutbox;
  return sql`(${recipientMailbox} = ${mailboxOf(recipient)} or (${recipientMailbox} is null
    and lower(${address}) = lower(${recipient})))`;
}

/** The practice's invitations to the recipient's domain (the part after the last `@`). */
function invitationsToDomain(companyId: string, recipient: string): SQL {
  const address = sql`coalesce(${mailOutbox.recipientMailbox}, lower(${mailOutbox.recipient}))`;
  return sql`${mailOutbox.companyId} = ${companyId} and ${mailOutbox.template} = 'invitation'
    and substring(${address} from ${'@([^@]*)$'}) = ${domainPart(recipient)}`;
}

/**
 * One limit's mails of the last day as a one-row table `name`: in each window (hour, day) how
 * many there are and the seconds until the oldest of them leaves it.
 */
function recentMails(name: string, where: SQL): SQL {
  const columns = Object.entries(WINDOWS).map(([window, interval]) => {
    const length = sql.raw(`interval '${interval}'`);
    const within = sql`${mailOutbox.createdAt} > now() - ${length}`;
    return sql`count(*) filter (where ${within}) as ${sql.identifier(`${name}_${window}`)},
      coalesce(ceil(extract(epoch from min(${mailOutbox.createdAt}) filter (where ${within})
        + ${length} - now())), 1) as ${sql.identifier(`${name}_${window}_retry`)}`;
  });
  return sql`(select ${sql.join(columns, sql`, `)} from ${mailOutbox}
    where (${where}) and ${mailOutbox.createdAt} > now() - interval '${sql.raw(WINDOWS.day)}')
    as ${sql.identifier(name)}`;
}

type Row = Record<string, string | number | null>;

/**
 * Whether one more mail fits {@link MAIL_LIMITS}; if not, the seconds until it would. For callers
 * that skip an optional notice rather than refuse the change (a request to join a practice must
 * answer the same whether or not it notified anybody). The limits are counted in one statement,
 * each by its own index (issue 46: four statements cost an invitation more than their work).
 */
export async function checkMailQuota(
  tx: Executor,
  subject: MailQuotaSubject,
): Promise<{ retryAfter: number } | null> {
  const notice = subject.template !== undefined && SECURITY_NOTICES.includes(subject.template);
  const checks: [string, SQL, { hour: number; day?: number }][] = [
    [
      'recipient',
      sameClass(subject.recipient, subject.template),
      notice ? MAIL_LIMITS.securityNotices : MAIL_LIMITS.recipient,
    ],
  ];
  if (subject.actorCustomerId) {
    checks.push([
      'account',
      eq(mailOutbox.actorCustomerId, subject.actorCustomerId),
      MAIL_LIMITS.account,
    ]);
  }
  if (subject.companyId) {
    checks.push(['practice', eq(mailOutbox.companyId, subject.companyId), MAIL_LIMITS.practice]);
    if (subject.template === 'invitation') {
      checks.push([
        'domain',
        invitationsToDomain(subject.companyId, subject.recipient),
        MAIL_LIMITS.invitationDomain,
      ]);
    }
  }
  const tables = checks.map(([name, where]) => recentMails(name, where));
  const result = await tx.execute(sql`select * from ${sql.join(tables, sql` cross join `)}`);
  const [row] = (result as unknown as { rows: Row[] }).rows;
  const figure = (column: string) => Number(row?.[column] ?? 0);
  // Refused until every window that is full has room again: the longest of their waits.
  const waits = checks.flatMap(([name, , limit]) => [
    ...(figure(`${name}_hour`) >= limit.hour ? [figure(`${name}_hour_retry`)] : []),
    ...(limit.day !== undefined && figure(`${name}_day`) >= limit.day
      ? [figure(`${name}_day_retry`)]
      : []),
  ]);
  return waits.length > 0 ? { retryAfter: Math.max(...waits) } : null;
}

/**
 * Throws a 429 `rate_limited` ApiError (with Retry-After) when one more mail would pass one of
 * {@link MAIL_LIMITS}. `enqueueMail` calls it; call it yourself before work whose answer must not
 * depend on whether a mail goes out (check the account before looking anything up).
 */
export async function assertMailQuota(tx: Executor, subject: MailQuotaSubject): Promise<void> {
  const limited = await checkMailQuota(tx, subject);
  if (limited) {
    throw new ApiError(429, ErrorCode.rateLimited, undefined, {
      'retry-after': String(Math.max(1, limited.retryAfter)),
    });
  }
}
