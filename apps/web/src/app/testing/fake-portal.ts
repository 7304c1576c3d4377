import type { Customer } from '@pp/contract';
import { fakeAccount } from './fake-account.ts';
import { fakeLocations } from './fake-locations.ts';
import { fakePractices } from './fake-practices.ts';
import { server } from './portal-server.ts';

/**
 * The api with memory for one customer: their account, the practices and the locations. The
 * calls of one part change what the others answer (a new practice is among the customer's).
 */
export function fakePortal(customer: Customer) {
  const account = fakeAccount(customer);
  const practices = fakePractices(account.state);
  const locations = fakeLocations();
  server.use(...account.handlers, ...practices.handlers, ...locations.handlers);
  return { account: account.state, practices: practices.state, locations: locations.state };
}
