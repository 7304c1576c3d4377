import { calls } from '@pp/contract';
import { companyVmsOf, toCustomer } from '../../lib/customers/customer-data.ts';
import { defineRoute } from '../../routing/route.ts';

// Reading one's own data has no limit: a practice's reception shares one address (issue 13).
export default defineRoute(calls.customerGetCustomerData, async (request) => {
  const customer = request.customer;
  return toCustomer(customer, await companyVmsOf(request.server.db, customer.id));
});
