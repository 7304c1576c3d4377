// The tables the stand-in holds: the default mapping of /work/notes/crm-shape.md, i.e. the
// entity sets and columns a Dataverse environment with the portal's solution would have. Each
// column has a type, so that a write with a wrong value is refused as Dataverse refuses it, and
// a misspelt column in `$select`, `$filter` or a body answers 400 instead of passing unnoticed.

/** A column's Web API type. Lookups are read as `_<name>_value` and written with `@odata.bind`. */
export type Column =
  | { kind: 'string' }
  | { kind: 'boolean' }
  /** Date only: `YYYY-MM-DD`. */
  | { kind: 'date' }
  /** A choice of a global option set (by its name) or of the table's own values. */
  | { kind: 'choice'; optionSet: string }
  /** Multi-select choice: the Web API value is a string of comma-separated integers. */
  | { kind: 'choices'; optionSet: string }
  /** `statecode`: 0 active, 1 inactive. */
  | { kind: 'state' }
  | { kind: 'integer' }
  /** Set by the service: `createdon`, `modifiedon`, `versionnumber`, `fullname`. */
  | { kind: 'system' }
  | { kind: 'lookup'; navigation: string; target: string };

export interface EntitySet {
  /** The entity set's name in URLs (`contacts`). */
  set: string;
  /** The table's logical name (`contact`), as in error messages and `@odata.type`. */
  logicalName: string;
  /** The primary key column (`contactid`). */
  key: string;
  columns: Record<string, Column>;
}

const text = { kind: 'string' } as const;
const state = { kind: 'state' } as const;
const system = { kind: 'system' } as const;
const standard = {
  statecode: state,
  statuscode: { kind: 'integer' },
  createdon: system,
  modifiedon: system,
  versionnumber: system,
} as const satisfies Record<string, Column>;

/**
 * The columns a merge sets (`merge.ts`): whether the record was merged into another, and that
 * one (the master). Set by the service only.
 */
const merging = (set: string) =>
  ({
    merged: { kind: 'boolean' },
    masterid: { kind: 'lookup', navigation: 'masterid', target: set },
  }) as const satisfies Record<string, Column>;

export const ENTITY_SETS: readonly EntitySet[] = [
  {
    set: 'contacts',
    logicalName: 'contact',
    key: 'contactid',
    columns: {
      emailaddress1: text,
      pp_salutation: { kind: 'choice', optionSet: 'pp_salutation' },
      pp_titlecode: text,
      firstname: text,
      lastname: text,
      fullname: system,
      telephone1: text,
      pp_position: { kind: 'choice', optionSet: 'pp_position' },
      pp_profession: { kind: 'choice', optionSet: 'pp_professions' },
      pp_otherindustry: { kind: 'choice', optionSet: 'pp_otherindustries' },
      birthdate: { kind: 'date' },
      pp_preferredlanguage: text,
      // A customer lookup may point to an account or a contact; the portal binds accounts only.
      parentcustomerid: {
        kind: 'lookup',
        navigation: 'parentcustomerid_account',
        target: 'accounts',
      },
      pp_newslettersubscribed: { kind: 'boolean' },
      pp_newsletterdistributors: { kind: 'choices', optionSet: 'pp_newsletterdistributor' },
      pp_newsletterinterests: { kind: 'choices', optionSet: 'pp_newsletterinterests' },
      ...merging('contacts'),
      ...standard,
    },
  },
  {
    set: 'accounts',
    logicalName: 'account',
    key: 'accountid',
    columns: {
      accountnumber: text,
      name: text,
      address1_line1: text,
      address1_postalcode: text,
      address1_city: text,
      address1_country: text,
      telephone1: text,
      emailaddress1: text,
      websiteurl: text,
      ...merging('accounts'),
      ...standard,
    },
  },
  {
    set: 'pp_locations',
    logicalName: 'pp_location',
    key: 'pp_locationid',
    columns: {
      pp_accountid: { kind: 'lookup', navigation: 'pp_accountid', target: 'accounts' },
      pp_name: text,
      pp_street: text,
      pp_postalcode: text,
      pp_city: text,
      pp_country: text,
      pp_phonenumber: text,
      pp_invoicemail: text,
      ...standard,
    },
  },
  {
    set: 'pp_memberships',
    logicalName: 'pp_membership',
    key: 'pp_membershipid',
    columns: {
      pp_contactid: { kind: 'lookup', navigation: 'pp_contactid', target: 'contacts' },
      pp_accountid: { kind: 'lookup', navigation: 'pp_accountid', target: 'accounts' },
      pp_role: { kind: 'choice', optionSet: 'pp_membership_pp_role' },
      ...standard,
    },
  },
  {
    set: 'pp_locationassignments',
    logicalName: 'pp_locationassignment',
    key: 'pp_locationassignmentid',
    columns: {
      pp_locationid: { kind: 'lookup', navigation: 'pp_locationid', target: 'pp_locations' },
      pp_contactid: { kind: 'lookup', navigation: 'pp_contactid', target: 'contacts' },
      ...standard,
    },
  },
];

export function entitySet(name: string): EntitySet | undefined {
  return ENTITY_SETS.find((entity) => entity.set === name);
}

/** The name a lookup column is read by (`_parentcustomerid_value`). */
export function lookupValueName(column: string): string {
  return `_${column}_value`;
}

/** The lookup column behind a single-valued navigation property (`parentcustomerid_account`). */
export function lookupByNavigation(
  entity: EntitySet,
  navigation: string,
): { column: string; target: string } | undefined {
  for (const [column, type] of Object.entries(entity.columns)) {
    if (type.kind === 'lookup' && type.navigation === navigation) {
      return { column, target: type.target };
    }
  }
  return undefined;
}

/** Every name a record is read by: the key, the columns, and `_x_value` for lookups. */
export function readableNames(entity: EntitySet): string[] {
  return [
    entity.key,
    ...Object.entries(entity.columns).map(([name, type]) =>
      type.kind === 'lookup' ? lookupValueName(name) : name,
    ),
  ];
}
