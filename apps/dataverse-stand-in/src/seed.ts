import {
  organisationAccounts,
  organisationContacts,
  organisationPortalRows,
  type OrganisationSize,
} from './organisation.ts';
import type { Store } from './store.ts';

/** Puts a generated organisation into the stand-in's tables (`StandInOptions.organisation`). */
export function seedOrganisation(store: Store, size: OrganisationSize): void {
  store.seed('accounts', organisationAccounts(size));
  store.seed('contacts', organisationContacts(size));
  const portal = organisationPortalRows(size);
  store.seed('pp_locations', portal.locations);
  store.seed('pp_memberships', portal.memberships);
  store.seed('pp_locationassignments', portal.assignments);
}

export type { OrganisationSize } from './organisation.ts';
