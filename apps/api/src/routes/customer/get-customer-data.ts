import { calls } from '@pp/contract';
import { companyVmsOf, toCustomer } from '../../lib/customers/customer-data.ts';
import { defineRoute } from '../../routing/route.ts';

// Reading one's own data has no limit: a practice's reception shares one address (issue 13).
export default defineRoute(calls.customerGetCustomerData, async (request) => {
  const { db, readCache } = request.server;
  const customer = request.customer;
  const practices = await readCache.read('practicesOf', customer.id, () =>
    companyVmsOf(db, customer.id),
  );
  return toCustomer(customer, practices);
});
