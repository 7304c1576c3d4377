import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Preferences } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { consentRecords, newsletterConfirmations, newsletterPreferences } from '../../db/schema.ts';

/** A choice of the newsletter: subscribed or not, and the lists. */
export type NewsletterChoice = Pick<Preferences, 'subscribed' | 'distributors' | 'interests'>;

/** The customer's newest subscription request not yet confirmed and not expired. */
export async function pendingRequestOf(db: Executor, customerId: string) {
  const [pending] = await db
    .select()
    .from(newsletterConfirmations)
    .where(
      and(
        eq(newsletterConfirmations.customerId, customerId),
        isNull(newsletterConfirmations.confirmedAt),
        sql`${newsletterConfirmations.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(newsletterConfirmations.requestedAt))
    .limit(1);
  return pending;
}

/**
 * The customer's confirmed newsletter preferences (none stored yet: not subscribed), the latest
 * consent and a request waiting for its confirmation.
 */
export async function preferencesOf(db: Executor, customerId: string): Promise<Preferences> {
  const [stored] = await db
    .select()
    .from(newsletterPreferences)
    .where(eq(newsletterPreferences.customerId, customerId));
  const [consent] = await db
    .select({
      wordingVersion: consentRecords.wordingVersion,
      recordedAt: consentRecords.recordedAt,
    })
    .from(consentRecords)
    .where(eq(consentRecords.customerId, customerId))
    .orderBy(desc(consentRecords.recordedAt), desc(consentRecords.id))
    .limit(1);
  const pending = await pendingRequestOf(db, customerId);
  return {
    subscribed: stored?.subscribed ?? false,
    distributors: stored?.distributors ?? [],
    interests: stored?.interests ?? [],
    consent: consent
      ? { wordingVersion: consent.wordingVersion, recordedAt: consent.recordedAt.toISOString() }
      : null,
    pending: pending
      ? {
          distributors: pending.distributors,
          interests: pending.interests,
          requestedAt: pending.requestedAt.toISOString(),
          expiresAt: pending.expiresAt.toISOString(),
        }
      : null,
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Whether a new choice differs from the stored one: a change of consent, to be recorded. */
export function consentChanged(stored: NewsletterChoice, next: NewsletterChoice): boolean {
  return (
    stored.subscribed !== next.subscribed ||
    !sameSet(stored.distributors, next.distributors) ||
    !sameSet(stored.interests, next.interests)
  );
}

const within = (part: readonly string[], whole: readonly string[]) =>
  part.every((code) => whole.includes(code));

/**
 * Whether `next` asks for more than the stored consent covers: subscribing, or a distributor or
 * interest not yet agreed to. Only that needs the double opt-in; a withdrawal counts at once.
 */
export function widensConsent(stored: NewsletterChoice, next: NewsletterChoice): boolean {
  if (!next.subscribed) return false;
  return (
    !stored.subscribed ||
    !within(next.distributors, stored.distributors) ||
    !within(next.interests, stored.interests)
  );
}

/** What of `next` may count at once: the part of it the stored consent already covers. */
export function withdrawnPart(stored: NewsletterChoice, next: NewsletterChoice): NewsletterChoice {
  if (!stored.subscribed) return stored;
  return {
    subscribed: next.subscribed,
    distributors: stored.distributors.filter((code) => next.distributors.includes(code)),
    interests: stored.interests.filter((code) => next.interests.includes(code)),
  };
}
