import { DEMO_PRACTICES, DEMO_USERS, type DemoPracticeKey } from '@pp/demo-data';
import { ROLE_VALUES, stableGuid, valueOf, type OptionSet } from './option-sets.ts';

// The demo data of `npm start` (packages/demo-data, written by apps/api/src/db/seed/demo.ts) as
// Dataverse rows: the same practices, locations, people, e-mail addresses, memberships and
// location assignments, with GUIDs derived from their names so that every run has the same keys.
//
// Some values are as CRM users leave them (issue 44): Dynamics requires little of a record —
// on a contact only the last name, on an account only the name (the RequiredLevel of each column
// in Microsoft Learn's "Contact table/entity reference",
// https://learn.microsoft.com/power-apps/developer/data-platform/reference/entities/contact, and
// "Account table/entity reference",
// https://learn.microsoft.com/power-apps/developer/data-platform/reference/entities/account;
// `address1_country` is a free-text String column there). So one account names its country in
// words, one location names none, and one contact has no preferred language.

/** The values CRM users typed or left empty, by the demo record they belong to. */
export const DEMO_AS_TYPED = {
  /** `address1_country` of the account of the practice `markt`, as typed in Dynamics. */
  marktCountry: 'Deutschland',
  /** The location of `sommer` (by index) whose `pp_country` was left empty. */
  sommerLocationWithoutCountry: 1,
  /** The contact whose `pp_preferredlanguage` was left empty. */
  contactWithoutLanguage: 'david.markt@example.com',
} as const;

export type Row = Record<string, unknown>;

export interface DemoRows {
  contacts: Row[];
  accounts: Row[];
  pp_locations: Row[];
  pp_memberships: Row[];
  pp_locationassignments: Row[];
}

export const demoAccountId = (key: DemoPracticeKey) => stableGuid(`account:${key}`);
export const demoContactId = (email: string) => stableGuid(`contact:${email}`);
export const demoLocationId = (key: DemoPracticeKey, index: number) =>
  stableGuid(`location:${key}:${index}`);

export function demoRows(optionSets: Map<string, OptionSet>): DemoRows {
  const rows: DemoRows = {
    contacts: [],
    accounts: [],
    pp_locations: [],
    pp_memberships: [],
    pp_locationassignments: [],
  };
  for (const [key, practice] of Object.entries(DEMO_PRACTICES) as [
    DemoPracticeKey,
    (typeof DEMO_PRACTICES)[DemoPracticeKey],
  ][]) {
    const accountid = demoAccountId(key);
    rows.accounts.push({
      accountid,
      accountnumber: practice.customerNumber,
      name: practice.name,
      address1_line1: practice.street,
      address1_postalcode: practice.postalCode,
      address1_city: practice.city,
      address1_country: key === 'markt' ? DEMO_AS_TYPED.marktCountry : 'DE',
      telephone1: practice.phone,
      emailaddress1: practice.email,
      websiteurl: practice.website,
      statecode: 0,
    });
    practice.locations.forEach((location, index) => {
      rows.pp_locations.push({
        pp_locationid: demoLocationId(key, index),
        _pp_accountid_value: accountid,
        pp_name: location.name,
        pp_street: location.street,
        pp_postalcode: location.postalCode,
        pp_city: location.city,
        pp_country:
          key === 'sommer' && index === DEMO_AS_TYPED.sommerLocationWithoutCountry ? null : 'DE',
        pp_phonenumber: location.phoneNumber,
        pp_invoicemail: location.invoiceMail,
        statecode: 0,
      });
    });
  }
  for (const user of DEMO_USERS) {
    const contactid = demoContactId(user.email);
    rows.contacts.push({
      contactid,
      emailaddress1: user.email,
      pp_salutation: valueOf(optionSets, 'pp_salutation', user.salutation),
      pp_titlecode: user.title,
      firstname: user.firstName,
      lastname: user.lastName,
      telephone1: user.phone,
      pp_position: valueOf(optionSets, 'pp_position', user.position),
      pp_profession: valueOf(optionSets, 'pp_professions', user.profession),
      pp_otherindustry: null,
      birthdate: null,
      pp_preferredlanguage: user.email === DEMO_AS_TYPED.contactWithoutLanguage ? null : 'de',
      _parentcustomerid_value: demoAccountId(user.primary),
      pp_newslettersubscribed: false,
      pp_newsletterdistributors: null,
      pp_newsletterinterests: null,
      statecode: 0,
    });
    for (const { practice, role } of user.memberships) {
      rows.pp_memberships.push({
        pp_membershipid: stableGuid(`membership:${user.email}:${practice}`),
        _pp_contactid_value: contactid,
        _pp_accountid_value: demoAccountId(practice),
        pp_role: ROLE_VALUES[role],
        statecode: 0,
      });
    }
    for (const index of user.locations) {
      rows.pp_locationassignments.push({
        pp_locationassignmentid: stableGuid(`assignment:${user.email}:${user.primary}:${index}`),
        _pp_locationid_value: demoLocationId(user.primary, index),
        _pp_contactid_value: contactid,
        statecode: 0,
      });
    }
  }
  return rows;
}
