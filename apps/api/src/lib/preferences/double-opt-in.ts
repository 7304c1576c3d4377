import { and, eq, isNull, sql } from 'drizzle-orm';
import { NEWSLETTER_CONFIRMATION_VALID_HOURS, type Language } from '@pp/contract';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { newsletterConfirmations } from '../../db/schema.ts';
import { enqueueMail, mailSiteOf } from '../../mail/outbox.ts';
import { audit } from '../audit/audit-log.ts';
import type { LinkKey } from '../mail-links/link-keys.ts';
import { hashLinkSecret, newLinkSecret } from '../mail-links/link-secrets.ts';
import { lockConsent, storeChoice } from './consent.ts';
import { CONFIRM_PATH, listUnsubscribeHeaders, unsubscribeUrl } from './unsubscribe-link.ts';

export interface Recipient {
  id: string;
  email: string;
  /** The language of the mail and of the pages its links open. */
  language: Language;
}

/** Where a confirmation mail's links lead, and the key that signs its unsubscribe link. */
export interface ConfirmationLinks {
  config: Config;
  unsubscribeKey: LinkKey;
}

export interface SubscriptionRequest {
  distributors: string[];
  interests: string[];
  wordingVersion: string;
  /** The language the wording was shown in. */
  language: Language;
}

/** Removes the customer's requests not yet confirmed: their links stop working. */
export async function dropPendingRequests(tx: Executor, customerId: string): Promise<void> {
  await tx
    .delete(newsletterConfirmations)
    .where(
      and(
        eq(newsletterConfirmations.customerId, customerId),
        isNull(newsletterConfirmations.confirmedAt),
      ),
    );
}

const validUntil = () =>
  sql`now() + make_interval(hours => ${NEWSLETTER_CONFIRMATION_VALID_HOURS})`;

/** The confirmation mail with its link and the signed one-click unsubscribe link and headers. */
async function mailConfirmation(
  tx: Executor,
  { config, unsubscribeKey }: ConfirmationLinks,
  to: Recipient,
  secret: string,
) {
  const confirmLink = new URL(CONFIRM_PATH, config.publicUrl);
  confirmLink.searchParams.set('token', secret);
  confirmLink.searchParams.set('lang', to.language);
  const unsubscribeLink = unsubscribeUrl(config.publicUrl, unsubscribeKey, to.id, to.language);
  await enqueueMail(
    tx,
    {
      to: to.email,
      language: to.language,
      actorCustomerId: to.id,
      template: 'newsletter-confirmation',
      params: { confirmLink, unsubscribeLink },
      headers: listUnsubscribeHeaders(unsubscribeLink),
    },
    mailSiteOf(config),
  );
}

/**
 * Asks for the double opt-in of a wider choice: the newest request replaces any older one, and the
 * mail is written in the same transaction (429 past the mail limits, and nothing is stored).
 */
export async function requestConfirmation(
  tx: Executor,
  links: ConfirmationLinks,
  to: Recipient,
  request: SubscriptionRequest,
): Promise<void> {
  await dropPendingRequests(tx, to.id);
  const { secret, hash } = newLinkSecret();
  await tx.insert(newsletterConfirmations).values({
    customerId: to.id,
    tokenHash: hash,
    ...request,
    expiresAt: validUntil(),
  });
  await mailConfirmation(tx, links, to, secret);
  await audit(tx, {
    actorCustomerId: to.id,
    action: 'newsletter.confirmation_requested',
    entity: 'customer',
    entityId: to.id,
  });
}

/**
 * Sends the pending request's mail again with a new link, valid 48 hours from now; the older link
 * stops working. The request keeps its time.
 */
export async function resendConfirmation(
  tx: Executor,
  links: ConfirmationLinks,
  to: Recipient,
  pendingId: string,
): Promise<void> {
  const { secret, hash } = newLinkSecret();
  await tx
    .update(newsletterConfirmations)
    .set({ tokenHash: hash, expiresAt: validUntil() })
    .where(eq(newsletterConfirmations.id, pendingId));
  await mailConfirmation(tx, links, to, secret);
  await audit(tx, {
    actorCustomerId: to.id,
    action: 'newsletter.confirmation_resent',
    entity: 'customer',
    entityId: to.id,
  });
}

export type ConfirmOutcome = 'confirmed' | 'used' | 'expired' | 'invalid';

/** What the link's secret would do, read only: a GET of the link (a mail scanner) changes nothing. */
export async function confirmationState(
  db: Executor,
  secret: string,
): Promise<'open' | Exclude<ConfirmOutcome, 'confirmed'>> {
  const [request] = await db
    .select({
      confirmedAt: newsletterConfirmations.confirmedAt,
      expired: sql<boolean>`${newsletterConfirmations.expiresAt} <= now()`,
    })
    .from(newsletterConfirmations)
    .where(eq(newsletterConfirmations.tokenHash, hashLinkSecret(secret)));
  if (!request) return 'invalid';
  if (request.confirmedAt) return 'used';
  return request.expired ? 'expired' : 'open';
}

/**
 * Confirms the request of the link's secret: from now on the subscription with its lists counts,
 * recorded with the times of the request and of the confirmation. Once only, within 48 hours.
 */
export async function confirmSubscription(db: Db, secret: string): Promise<ConfirmOutcome> {
  const tokenHash = hashLinkSecret(secret);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ customerId: newsletterConfirmations.customerId })
      .from(newsletterConfirmations)
      .where(eq(newsletterConfirmations.tokenHash, tokenHash));
    if (!found) return 'invalid';
    await lockConsent(tx, found.customerId);
    const [request] = await tx
      .select({
        row: newsletterConfirmations,
        expired: sql<boolean>`${newsletterConfirmations.expiresAt} <= now()`,
      })
      .from(newsletterConfirmations)
      .where(eq(newsletterConfirmations.tokenHash, tokenHash))
      .for('update');
    if (!request) return 'invalid';
    const { row, expired } = request;
    if (row.confirmedAt) return 'used';
    if (expired) return 'expired';
    await storeChoice(
      tx,
      row.customerId,
      { subscribed: true, distributors: row.distributors, interests: row.interests },
      { wordingVersion: row.wordingVersion, language: row.language, requestedAt: row.requestedAt },
    );
    await tx
      .update(newsletterConfirmations)
      .set({ confirmedAt: sql`now()` })
      .where(eq(newsletterConfirmations.id, row.id));
    await audit(tx, {
      actorCustomerId: row.customerId,
      action: 'newsletter.confirmed',
      entity: 'customer',
      entityId: row.customerId,
    });
    return 'confirmed';
  });
}

/**
 * Removes the subscription requests whose 48 hours ended more than `daysAfterExpiry` ago,
 * confirmed or not (the consent records keep the times of the confirmed ones); until then the
 * link's page can say it expired. The number removed. Run by retention (decision 0081).
 */
export async function sweepUnconfirmedSubscriptions(
  db: Executor,
  daysAfterExpiry: number,
): Promise<number> {
  const removed = await db
    .delete(newsletterConfirmations)
    .where(
      sql`${newsletterConfirmations.expiresAt} <= now() - make_interval(days => ${daysAfterExpiry})`,
    )
    .returning({ id: newsletterConfirmations.id });
  return removed.length;
}
