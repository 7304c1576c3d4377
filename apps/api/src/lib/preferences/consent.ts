import { sql } from 'drizzle-orm';
import type { Language } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { consentRecords, newsletterPreferences } from '../../db/schema.ts';
import type { NewsletterChoice } from './newsletter.ts';

export interface ConsentWording {
  wordingVersion: string;
  language: Language;
  /** A confirmed double opt-in: when it was asked for; the confirmation is now. */
  requestedAt?: Date;
}

/**
 * One customer's consent changes one at a time, so two tabs or a click in a mail at the same time
 * record their consents in order.
 */
export async function lockConsent(tx: Executor, customerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`consent:${customerId}`}))`);
}

/**
 * Stores the choice that counts (the CRM mirror's triggers pass it on) and records it as a
 * consent: a withdrawal without request and confirmation times, a confirmed one with both.
 */
export async function storeChoice(
  tx: Executor,
  customerId: string,
  choice: NewsletterChoice,
  wording: ConsentWording,
): Promise<void> {
  const values = {
    subscribed: choice.subscribed,
    distributors: choice.distributors,
    interests: choice.interests,
  };
  await tx
    .insert(newsletterPreferences)
    .values({ customerId, ...values })
    .onConflictDoUpdate({
      target: newsletterPreferences.customerId,
      set: { ...values, updatedAt: sql`now()` },
    });
  await tx.insert(consentRecords).values({
    customerId,
    ...values,
    wordingVersion: wording.wordingVersion,
    language: wording.language,
    requestedAt: wording.requestedAt ?? null,
    confirmedAt: wording.requestedAt ? sql`now()` : null,
  });
}
