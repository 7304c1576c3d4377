import { calls, ErrorCode } from '@pp/contract';
import { ApiError } from '../../lib/http/problem.ts';
import { lockConsent } from '../../lib/preferences/consent.ts';
import { resendConfirmation } from '../../lib/preferences/double-opt-in.ts';
import { pendingRequestOf, preferencesOf } from '../../lib/preferences/newsletter.ts';
import { defineRoute } from '../../routing/route.ts';

/** "Bestätigung ausstehend" → send again: a new link for the same request (decision 0077). */
export default defineRoute(calls.preferencesResendConfirmation, async (request) => {
  const { db, config, newsletterLinkKeys } = request.server;
  const customer = request.customer;
  return db.transaction(async (tx) => {
    await lockConsent(tx, customer.id);
    const pending = await pendingRequestOf(tx, customer.id);
    if (!pending) throw new ApiError(409, ErrorCode.conflict);
    const to = { id: customer.id, email: customer.email, language: customer.preferredLanguage };
    const links = { config, unsubscribeKey: newsletterLinkKeys.signing };
    await resendConfirmation(tx, links, to, pending.id);
    return preferencesOf(tx, customer.id);
  });
});
