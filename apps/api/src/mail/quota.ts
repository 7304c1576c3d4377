import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '@pp/contract';
// Any connection of the database: the provider's transactions write mails too.
import type { Executor } from '@pp/database';
import { mailOutbox } from '../db/schema.ts';
import { ApiError } from '../lib/http/problem.ts';

/**
 * How many mails the outbox accepts in the last hour and the last 24 hours, so nobody can use the
 * portal to send mail to strangers:
 * - per recipient (address, case-insensitive): 5 an hour, 10 a day — a person gets a handful of
 *   verification, reset and invitation mails, never a stream of them;
 * - per account (whoever caused the mail): 30 an hour, 100 a day — enough to invite a whole team;
 * - per practice (the practice the mail is about): 50 an hour, 200 a day.
 * Every mail counts, whatever its state. Concurrent requests can overshoot a limit by at most
 * their number, which is fine for a limit against abuse.
 */
export const MAIL_LIMITS = {
  recipient: { hour: 5, day: 10 },
  account: { hour: 30, day: 100 },
  practice: { hour: 50, day: 200 },
} as const;

export interface MailQuotaSubject {
  recipient: string;
  /** The account whose action causes the mail; null for mails the system sends on its own. */
  actorCustomerId: string | null;
  /** The practice the mail is about, if any. */
  companyId?: string | null;
}

const WINDOWS = { hour: '1 hour', day: '1 day' } as const;

/** How many matching mails the window holds, and seconds until the oldest of them leaves it. */
function windowOf(interval: string) {
  const length = sql.raw(`interval '${interval}'`);
  const within = sql`${mailOutbox.createdAt} > now() - ${length}`;
  return {
    count: sql<number>`count(*) filter (where ${within})`.mapWith(Number),
    retryAfter: sql<number>`coalesce(ceil(extract(epoch from
      min(${mailOutbox.createdAt}) filter (where ${within}) + ${length} - now())), 1)`.mapWith(
      Number,
    ),
  };
}

async function recentMails(tx: Executor, where: SQL) {
  const [row] = await tx
    .select({ hour: windowOf(WINDOWS.hour), day: windowOf(WINDOWS.day) })
    .from(mailOutbox)
    .where(and(where, sql`${mailOutbox.createdAt} > now() - interval '${sql.raw(WINDOWS.day)}'`));
  return row ?? { hour: { count: 0, retryAfter: 1 }, day: { count: 0, retryAfter: 1 } };
}

/**
 * Whether one more mail fits {@link MAIL_LIMITS}; if not, the seconds until it would. For callers
 * that skip an optional notice rather than refuse the change (a request to join a practice must
 * answer the same whether or not it notified anybody).
 */
export async function checkMailQuota(
  tx: Executor,
  subject: MailQuotaSubject,
): Promise<{ retryAfter: number } | null> {
  const checks: [SQL, { hour: number; day: number }][] = [
    [sql`lower(${mailOutbox.recipient}) = lower(${subject.recipient})`, MAIL_LIMITS.recipient],
  ];
  if (subject.actorCustomerId) {
    checks.push([eq(mailOutbox.actorCustomerId, subject.actorCustomerId), MAIL_LIMITS.account]);
  }
  if (subject.companyId) {
    checks.push([eq(mailOutbox.companyId, subject.companyId), MAIL_LIMITS.practice]);
  }
  for (const [where, limit] of checks) {
    const recent = await recentMails(tx, where);
    if (recent.hour.count >= limit.hour) return { retryAfter: recent.hour.retryAfter };
    if (recent.day.count >= limit.day) return { retryAfter: recent.day.retryAfter };
  }
  return null;
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
