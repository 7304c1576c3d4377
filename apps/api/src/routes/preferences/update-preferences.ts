import { sql } from 'drizzle-orm';
import { calls } from '@pp/contract';
import { consentRecords, newsletterPreferences } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { languageOf } from '../../lib/http/language.ts';
import { unknownChoices } from '../../lib/reference-data/picklists.ts';
import { consentChanged, preferencesOf } from '../../lib/preferences/newsletter.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

const unique = (codes: readonly string[]) => [...new Set(codes)];

export default defineRoute(calls.preferencesUpdatePreferences, async (request) => {
  const { db } = request.server;
  const customerId = request.customer.id;
  const next = {
    subscribed: request.body.subscribed,
    distributors: unique(request.body.distributors),
    interests: unique(request.body.interests),
  };
  const errors = await unknownChoices(db, [
    { field: 'body.distributors', list: 'newsletterDistributor', value: next.distributors },
    { field: 'body.interests', list: 'newsletterInterests', value: next.interests },
  ]);
  if (errors.length > 0) throw ApiError.badRequest(errors);

  return db.transaction(async (tx) => {
    // One change at a time per customer, so two tabs saving at once record two consents in order.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`consent:${customerId}`}))`);
    const stored = await preferencesOf(tx, customerId);
    if (!consentChanged(stored, next)) return stored;
    await tx
      .insert(newsletterPreferences)
      .values({ customerId, ...next })
      .onConflictDoUpdate({
        target: newsletterPreferences.customerId,
        set: { ...next, updatedAt: sql`now()` },
      });
    await tx.insert(consentRecords).values({
      customerId,
      ...next,
      wordingVersion: request.body.wordingVersion,
      language: languageOf(request),
    });
    await audit(tx, {
      actorCustomerId: customerId,
      action: 'preferences.updated',
      entity: 'customer',
      entityId: customerId,
      data: { subscribed: next.subscribed },
    });
    return preferencesOf(tx, customerId);
  });
});
