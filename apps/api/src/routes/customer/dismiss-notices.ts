import { calls } from '@pp/contract';
import { dismissNotices } from '../../lib/customers/customer-store.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * Marks all of the caller's unseen notices as seen, also those past the 20 GetNotices shows:
 * the person has read that the CRM kept its values, and older notices say nothing newer. Only
 * unseen ones are touched, so a second dismissal changes nothing and answers 0.
 */
export default defineRoute(calls.customerDismissNotices, async (request) => ({
  dismissed: await dismissNotices(request.server.db, request.customer.id),
}));
