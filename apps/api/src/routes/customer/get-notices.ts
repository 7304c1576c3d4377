import { and, desc, eq, isNull } from 'drizzle-orm';
import { calls, MAX_NOTICES } from '@pp/contract';
import { crmNotices } from '../../db/schema.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * The caller's notices not yet dismissed (decision 0061): a field they changed where the CRM's
 * value, changed at the same time, was kept. Only their own; the newest first.
 */
export default defineRoute(calls.customerGetNotices, async (request) => {
  const rows = await request.server.db
    .select({ id: crmNotices.id, fields: crmNotices.fields, createdAt: crmNotices.createdAt })
    .from(crmNotices)
    .where(and(eq(crmNotices.customerId, request.customer.id), isNull(crmNotices.seenAt)))
    .orderBy(desc(crmNotices.createdAt), desc(crmNotices.id))
    .limit(MAX_NOTICES);
  return {
    notices: rows.map((row) => ({
      id: row.id,
      fields: row.fields,
      at: row.createdAt.toISOString(),
    })),
  };
});
