import type { Customer } from '@pp/contract';
import { fakeAccount } from './fake-account.ts';
import { fakeEmployees } from './fake-employees.ts';
import { fakeLocations } from './fake-locations.ts';
import { fakeMemberships } from './fake-memberships.ts';
import { fakePractices } from './fake-practices.ts';
import { server } from './portal-server.ts';

/**
 * The api with memory for one customer: their account, the practices, the locations, the
 * people of the practice and the customer's own invitations. The calls of one part change what
 * the others answer (a new practice is among the customer's; an accepted invitation too).
 */
export function fakePortal(customer: Customer) {
  const account = fakeAccount(customer);
  const practices = fakePractices(account.state);
  const locations = fakeLocations();
  const employees = fakeEmployees();
  const memberships = fakeMemberships(account.state);
  server.use(
    ...account.handlers,
    ...practices.handlers,
    ...locations.handlers,
    ...employees.handlers,
    ...memberships.handlers,
  );
  return {
    account: account.state,
    practices: practices.state,
    locations: locations.state,
    employees: employees.state,
    memberships: memberships.state,
  };
}
