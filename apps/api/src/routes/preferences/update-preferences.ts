import { calls } from '@pp/contract';
import { audit } from '../../lib/audit/audit-log.ts';
import { languageOf } from '../../lib/http/language.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { lockConsent, storeChoice } from '../../lib/preferences/consent.ts';
import { dropPendingRequests, requestConfirmation } from '../../lib/preferences/double-opt-in.ts';
import {
  consentChanged,
  preferencesOf,
  widensConsent,
  withdrawnPart,
} from '../../lib/preferences/newsletter.ts';
import { unknownChoices } from '../../lib/reference-data/picklists.ts';
import { defineRoute } from '../../routing/route.ts';

const unique = (codes: readonly string[]) => [...new Set(codes)];
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((code) => b.includes(code));

/**
 * Double opt-in (decision 0077): what narrows the consent counts at once and is recorded; what
 * widens it (subscribing, a further distributor or interest) waits for the link of the mail sent
 * now. Saving the choice already waiting sends no second mail (the resend call does).
 */
export default defineRoute(calls.preferencesUpdatePreferences, async (request) => {
  const { db, config, newsletterLinkKeys } = request.server;
  const customer = request.customer;
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
  const wording = { wordingVersion: request.body.wordingVersion, language: languageOf(request) };

  return db.transaction(async (tx) => {
    await lockConsent(tx, customer.id);
    const stored = await preferencesOf(tx, customer.id);
    const widens = widensConsent(stored, next);
    const now = widens ? withdrawnPart(stored, next) : next;
    if (consentChanged(stored, now)) {
      await storeChoice(tx, customer.id, now, wording);
      await audit(tx, {
        actorCustomerId: customer.id,
        action: 'preferences.updated',
        entity: 'customer',
        entityId: customer.id,
        data: { subscribed: now.subscribed },
      });
    }
    const waiting = stored.pending;
    const alreadyWaiting =
      waiting !== null &&
      sameSet(waiting.distributors, next.distributors) &&
      sameSet(waiting.interests, next.interests);
    if (!widens) await dropPendingRequests(tx, customer.id);
    else if (!alreadyWaiting) {
      const to = { id: customer.id, email: customer.email, language: customer.preferredLanguage };
      const links = { config, unsubscribeKey: newsletterLinkKeys.signing };
      await requestConfirmation(tx, links, to, { ...next, ...wording });
    }
    return preferencesOf(tx, customer.id);
  });
});
