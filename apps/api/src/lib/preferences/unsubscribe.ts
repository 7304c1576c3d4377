import { eq } from 'drizzle-orm';
import { NEWSLETTER_CONSENT_VERSION, type Language } from '@pp/contract';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { audit } from '../audit/audit-log.ts';
import { lockConsent, storeChoice } from './consent.ts';
import { dropPendingRequests } from './double-opt-in.ts';
import { preferencesOf } from './newsletter.ts';

export type UnsubscribeOutcome = 'unsubscribed' | 'unchanged';

/**
 * Withdraws the customer's newsletter consent at once (a signed link, no session): the
 * subscription and its lists end, a pending request's link stops working, and the withdrawal is
 * recorded. Doing it again changes nothing (RFC 8058 asks for an idempotent POST).
 */
export async function unsubscribe(
  db: Db,
  customerId: string,
  language: Language,
): Promise<UnsubscribeOutcome> {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!customer) return 'unchanged';
    await lockConsent(tx, customerId);
    const stored = await preferencesOf(tx, customerId);
    await dropPendingRequests(tx, customerId);
    if (!stored.subscribed) return stored.pending ? 'unsubscribed' : 'unchanged';
    await storeChoice(
      tx,
      customerId,
      { subscribed: false, distributors: [], interests: [] },
      { wordingVersion: NEWSLETTER_CONSENT_VERSION, language },
    );
    await audit(tx, {
      actorCustomerId: customerId,
      action: 'newsletter.unsubscribed',
      entity: 'customer',
      entityId: customerId,
      data: { via: 'one-click' },
    });
    return 'unsubscribed';
  });
}
