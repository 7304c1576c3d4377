import { desc, eq } from 'drizzle-orm';
import type { Preferences } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { consentRecords, newsletterPreferences } from '../../db/schema.ts';

/** The customer's newsletter preferences (none stored yet: not subscribed) and latest consent. */
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
  return {
    subscribed: stored?.subscribed ?? false,
    distributors: stored?.distributors ?? [],
    interests: stored?.interests ?? [],
    consent: consent
      ? { wordingVersion: consent.wordingVersion, recordedAt: consent.recordedAt.toISOString() }
      : null,
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Whether a new choice differs from the stored one: a change of consent, to be recorded. */
export function consentChanged(
  stored: Pick<Preferences, 'subscribed' | 'distributors' | 'interests'>,
  next: Pick<Preferences, 'subscribed' | 'distributors' | 'interests'>,
): boolean {
  return (
    stored.subscribed !== next.subscribed ||
    !sameSet(stored.distributors, next.distributors) ||
    !sameSet(stored.interests, next.interests)
  );
}
