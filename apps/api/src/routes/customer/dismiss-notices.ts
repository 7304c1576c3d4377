import { and, eq, isNull, sql } from 'drizzle-orm';
import { calls } from '@pp/contract';
import { crmNotices } from '../../db/schema.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * Marks all of the caller's unseen notices as seen, also those past the 20 GetNotices shows:
 * the person has read that the CRM kept its values, and older notices say nothing newer. Only
 * unseen ones are touched, so a second dismissal changes nothing and answers 0.
 */
export default defineRoute(calls.customerDismissNotices, async (request) => {
  const dismissed = await request.server.db
    .update(crmNotices)
    .set({ seenAt: sql`now()` })
    .where(and(eq(crmNotices.customerId, request.customer.id), isNull(crmNotices.seenAt)))
    .returning({ id: crmNotices.id });
  return { dismissed: dismissed.length };
});
