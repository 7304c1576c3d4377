import { calls, MAX_NOTICES } from '@pp/contract';
import { unseenNotices } from '../../lib/customers/customer-store.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * The caller's notices not yet dismissed (decision 0061): a field they changed where the CRM's
 * value, changed at the same time, was kept. Only their own; the newest first.
 */
export default defineRoute(calls.customerGetNotices, async (request) => {
  const rows = await unseenNotices(request.server.db, request.customer.id, MAX_NOTICES);
  return {
    notices: rows.map((row) => ({
      id: row.id,
      fields: row.fields,
      at: row.createdAt.toISOString(),
    })),
  };
});
