import { ROLE_VALUES } from './option-sets.ts';
import type { Row } from './store.ts';

// A whole organisation's CRM, generated (issue 44, `npm run bench:crm`): many contacts and
// accounts as CRM users create them — only the columns Dynamics requires or users usually fill,
// the portal's custom columns empty, countries typed as words, some contacts without an e-mail
// address (Microsoft Learn: "Contact table/entity reference" and "Account table/entity reference"
// under power-apps/developer/data-platform/reference/entities, where only a contact's last name
// and an account's name are required) — of which a few are the portal's: the contacts with a
// membership in one of the practices, their locations and location assignments. The same size
// gives the same rows and keys on every run, without a random generator.

export interface OrganisationSize {
  contacts: number;
  accounts: number;
  /** Contacts with a membership (the first ones by number); at most `contacts`. */
  portalContacts: number;
  /** Accounts that are practices of the portal (spread over the accounts); at most `accounts`. */
  practices: number;
}

/** The usual size of an organisation of issue 44. */
export const ORGANISATION_SIZE: OrganisationSize = {
  contacts: 1_000_000,
  accounts: 200_000,
  portalContacts: 20_000,
  practices: 4_000,
};

/** A cheap, fixed mix of a number (so keys spread over the key order, as real GUIDs do). */
function mix(n: number): number {
  let x = (n + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** A GUID of the n-th record of a kind: unique by the number at its end. */
function guidOf(kind: number, n: number): string {
  const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');
  return `${hex(mix(n * 8 + kind), 8)}-${hex(kind, 4)}-4000-8000-${hex(n, 12)}`;
}

export const organisationContactId = (n: number) => guidOf(1, n);
export const organisationAccountId = (n: number) => guidOf(2, n);
export const organisationLocationId = (n: number) => guidOf(3, n);
export const organisationMembershipId = (n: number) => guidOf(4, n);
export const organisationAssignmentId = (n: number) => guidOf(5, n);

const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Eva', 'Felix', 'Greta', 'Hans', 'Ida', 'Jonas'];
const LAST = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker'];
const CITIES = ['Berlin', 'Hamburg', 'München', 'Köln', 'Wien', 'Graz', 'Zürich', 'Leipzig'];
/** `address1_country` as users type it: words in German or English, codes, or nothing. */
const COUNTRIES = ['Deutschland', 'Germany', 'DE', 'Österreich', 'Austria', 'Schweiz', null, ''];

/** The account number of the n-th practice (`i`-th account). */
const practiceStep = (size: OrganisationSize) =>
  Math.max(1, Math.floor(size.accounts / size.practices));

/** The account index of the p-th practice. */
export function practiceAccount(size: OrganisationSize, p: number): number {
  return p * practiceStep(size);
}

/** The practice (0 … practices-1) a portal contact belongs to first. */
export const practiceOfContact = (size: OrganisationSize, n: number) => n % size.practices;

export function* organisationAccounts(size: OrganisationSize): Generator<Row> {
  const step = practiceStep(size);
  for (let n = 0; n < size.accounts; n++) {
    const practice = n % step === 0 && n / step < size.practices;
    yield {
      accountid: organisationAccountId(n),
      name: `${practice ? 'Praxis' : 'Firma'} ${LAST[n % LAST.length]} ${n}`,
      // Many accounts have no number; every practice of the portal has one.
      accountnumber: practice || n % 3 === 0 ? `K-${String(n).padStart(7, '0')}` : null,
      address1_line1: n % 4 === 0 ? null : `Hauptstraße ${(n % 200) + 1}`,
      address1_postalcode: String(10000 + (n % 89999)),
      address1_city: CITIES[n % CITIES.length],
      address1_country: COUNTRIES[n % COUNTRIES.length],
      telephone1: n % 5 === 0 ? null : `+49 30 ${1000000 + n}`,
      statecode: 0,
    };
  }
}

export function* organisationContacts(size: OrganisationSize): Generator<Row> {
  const step = practiceStep(size);
  for (let n = 0; n < size.contacts; n++) {
    const portal = n < size.portalContacts;
    const first = FIRST[n % FIRST.length]!;
    const last = LAST[(n >>> 3) % LAST.length]!;
    // One in ten of the others has no address; every portal user has one of their own.
    const email =
      portal || n % 10 !== 0
        ? `${first}.${last.replace('ü', 'ue')}.${n}@example.com`.toLowerCase()
        : null;
    const parent = portal
      ? practiceAccount(size, practiceOfContact(size, n))
      : n % 7 === 0
        ? null
        : (n * 31) % size.accounts;
    yield {
      contactid: organisationContactId(n),
      firstname: n % 13 === 0 ? null : first,
      lastname: last,
      emailaddress1: email,
      telephone1: n % 3 === 0 ? `+49 40 ${2000000 + n}` : null,
      _parentcustomerid_value:
        parent === null || (!portal && parent % step === 0) ? null : organisationAccountId(parent),
      statecode: 0,
    };
  }
}

/**
 * The portal's rows: a membership for each portal contact (one in ten in a second practice), the
 * first member of each practice its superadmin; a location per practice (every fourth two), and
 * one in three portal contacts assigned to their practice's first location.
 */
export function organisationPortalRows(size: OrganisationSize) {
  const memberships: Row[] = [];
  const locations: Row[] = [];
  const assignments: Row[] = [];
  for (let p = 0; p < size.practices; p++) {
    const account = organisationAccountId(practiceAccount(size, p));
    const count = p % 4 === 0 ? 2 : 1;
    for (let i = 0; i < count; i++) {
      locations.push({
        pp_locationid: organisationLocationId(p * 2 + i),
        _pp_accountid_value: account,
        pp_name: `Standort ${i + 1}`,
        pp_street: `Praxisweg ${p + 1}`,
        pp_postalcode: String(10000 + p),
        pp_city: CITIES[p % CITIES.length],
        pp_country: i === 0 ? 'DE' : null,
        statecode: 0,
      });
    }
  }
  let membership = 0;
  for (let n = 0; n < size.portalContacts; n++) {
    const contact = organisationContactId(n);
    const practice = practiceOfContact(size, n);
    const practices = n % 10 === 9 ? [practice, (practice + 1) % size.practices] : [practice];
    for (const p of practices) {
      memberships.push({
        pp_membershipid: organisationMembershipId(membership++),
        _pp_contactid_value: contact,
        _pp_accountid_value: organisationAccountId(practiceAccount(size, p)),
        // The first member of a practice is its superadmin; a role left empty is a member.
        pp_role: n < size.practices && p === practice ? ROLE_VALUES.superadmin : null,
        statecode: 0,
      });
    }
    if (n % 3 === 0) {
      assignments.push({
        pp_locationassignmentid: organisationAssignmentId(n),
        _pp_locationid_value: organisationLocationId(practice * 2),
        _pp_contactid_value: contact,
        statecode: 0,
      });
    }
  }
  return { memberships, locations, assignments };
}
