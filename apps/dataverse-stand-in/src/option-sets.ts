import { readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';

// The choices (option sets) the stand-in serves. The portal's picklists are read from the api's
// migrations at start, so that the stand-in and the built-in store hold the same codes and labels
// without a second copy: each value becomes an option with Value 100000000 + its place in the
// list's sort order, ExternalValue = the portal's code, and labels in German (1031) and English
// (1033). A test (test/option-sets.test.ts) checks that no migration changes picklist_values in a
// way this reader does not understand (only INSERTs are read).

export const LANGUAGE_GERMAN = 1031;
export const LANGUAGE_ENGLISH = 1033;

/** The first value of a publisher's choices (the default publisher prefix's option value). */
export const OPTION_VALUE_BASE = 100_000_000;

export interface Option {
  value: number;
  externalValue: string | null;
  labelDe: string;
  labelEn: string;
}

export interface OptionSet {
  name: string;
  /** Deterministic, so that `GlobalOptionSetDefinitions(<MetadataId>)` is stable between runs. */
  metadataId: string;
  global: boolean;
  displayDe: string;
  displayEn: string;
  options: Option[];
}

/** The portal's picklist names and the global option sets that hold them (crm-shape.md). */
export const PICKLIST_OPTION_SETS = {
  salutation: 'pp_salutation',
  position: 'pp_position',
  professions: 'pp_professions',
  otherIndustries: 'pp_otherindustries',
  newsletterDistributor: 'pp_newsletterdistributor',
  newsletterInterests: 'pp_newsletterinterests',
} as const;

const DISPLAY_NAMES: Record<string, [string, string]> = {
  pp_salutation: ['Anrede', 'Salutation'],
  pp_position: ['Position', 'Position'],
  pp_professions: ['Beruf', 'Profession'],
  pp_otherindustries: ['Andere Branche', 'Other industry'],
  pp_newsletterdistributor: ['Newsletter-Verteiler', 'Newsletter distributor'],
  pp_newsletterinterests: ['Newsletter-Interessen', 'Newsletter interests'],
  pp_membership_pp_role: ['Rolle', 'Role'],
};

/** The membership's role: a local choice of `pp_membership.pp_role` (crm-shape.md). */
export const ROLE_VALUES = {
  member: OPTION_VALUE_BASE,
  admin: OPTION_VALUE_BASE + 1,
  superadmin: OPTION_VALUE_BASE + 2,
} as const;

export const MIGRATIONS_DIR = new URL('../../api/src/db/migrations/', import.meta.url);

export interface PicklistRow {
  list: string;
  code: string;
  labelDe: string;
  labelEn: string;
  sortOrder: number;
}

const ROW = /\(\s*'([^']*)',\s*'([^']*)',\s*'((?:[^']|'')*)',\s*'((?:[^']|'')*)',\s*(\d+)\s*\)/g;

/** The picklist rows the migrations insert, in file order. */
export function readPicklistRows(dir: URL = MIGRATIONS_DIR): PicklistRow[] {
  const rows: PicklistRow[] = [];
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  for (const file of files) {
    const sql = readFileSync(new URL(file, dir), 'utf8');
    for (const statement of sql.split('--> statement-breakpoint')) {
      if (!/INSERT INTO "picklist_values"/i.test(statement)) continue;
      for (const match of statement.matchAll(ROW)) {
        const [, list, code, labelDe, labelEn, sortOrder] = match;
        rows.push({
          list: list!,
          code: code!,
          labelDe: labelDe!.replaceAll("''", "'"),
          labelEn: labelEn!.replaceAll("''", "'"),
          sortOrder: Number(sortOrder),
        });
      }
    }
  }
  return rows;
}

/** A GUID derived from a name (RFC 4122 version 5 layout over SHA-1), stable between runs. */
export function stableGuid(name: string): string {
  const hash = createHash('sha1').update(`pp-dataverse-stand-in:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function optionSet(name: string, global: boolean, options: Option[]): OptionSet {
  const [displayDe, displayEn] = DISPLAY_NAMES[name] ?? [name, name];
  return {
    name,
    metadataId: stableGuid(`optionset:${name}`),
    global,
    displayDe,
    displayEn,
    options,
  };
}

/** Every option set: the global ones of the portal's picklists and the local role choice. */
export function loadOptionSets(rows: PicklistRow[] = readPicklistRows()): Map<string, OptionSet> {
  const sets = new Map<string, OptionSet>();
  for (const [list, name] of Object.entries(PICKLIST_OPTION_SETS)) {
    const values = rows
      .filter((row) => row.list === list)
      .sort((a, b) => a.sortOrder - b.sortOrder);
    sets.set(
      name,
      optionSet(
        name,
        true,
        values.map((row, index) => ({
          value: OPTION_VALUE_BASE + index,
          externalValue: row.code,
          labelDe: row.labelDe,
          labelEn: row.labelEn,
        })),
      ),
    );
  }
  sets.set(
    'pp_membership_pp_role',
    optionSet('pp_membership_pp_role', false, [
      { value: ROLE_VALUES.member, externalValue: null, labelDe: 'Mitglied', labelEn: 'Member' },
      { value: ROLE_VALUES.admin, externalValue: null, labelDe: 'Admin', labelEn: 'Admin' },
      {
        value: ROLE_VALUES.superadmin,
        externalValue: null,
        labelDe: 'Superadmin',
        labelEn: 'Superadmin',
      },
    ]),
  );
  return sets;
}

/** The option's value for a portal code, for the demo data. */
export function valueOf(sets: Map<string, OptionSet>, set: string, code: string): number {
  const option = sets.get(set)?.options.find((o) => o.externalValue === code);
  if (!option) throw new Error(`no option ${code} in ${set}`);
  return option.value;
}

function label(text: string, language: number) {
  return {
    '@odata.type': '#Microsoft.Dynamics.CRM.LocalizedLabel',
    Label: text,
    LanguageCode: language,
    IsManaged: false,
    MetadataId: stableGuid(`label:${language}:${text}`),
    HasChanged: null,
  };
}

/**
 * The `Label` complex type: every language's label, and the one in the caller's language (an
 * application user's language is English unless set otherwise).
 */
function labels(de: string, en: string) {
  return {
    LocalizedLabels: [label(de, LANGUAGE_GERMAN), label(en, LANGUAGE_ENGLISH)],
    UserLocalizedLabel: label(en, LANGUAGE_ENGLISH),
  };
}

const NO_LABEL = { LocalizedLabels: [], UserLocalizedLabel: null };

/** OptionSetMetadata as the Web API answers it. */
export function optionSetJson(set: OptionSet): Record<string, unknown> {
  return {
    '@odata.type': '#Microsoft.Dynamics.CRM.OptionSetMetadata',
    MetadataId: set.metadataId,
    HasChanged: null,
    IsCustomOptionSet: true,
    IsGlobal: set.global,
    IsManaged: false,
    Name: set.name,
    ExternalTypeName: null,
    OptionSetType: 'Picklist',
    IntroducedVersion: '1.0.0.0',
    ParentOptionSetName: null,
    Description: NO_LABEL,
    DisplayName: labels(set.displayDe, set.displayEn),
    IsCustomizable: {
      Value: true,
      CanBeChanged: true,
      ManagedPropertyLogicalName: 'iscustomizable',
    },
    Options: set.options.map((option) => ({
      Value: option.value,
      Color: null,
      IsManaged: false,
      ExternalValue: option.externalValue,
      ParentValues: [],
      Tag: null,
      IsHidden: false,
      MetadataId: null,
      HasChanged: null,
      Label: labels(option.labelDe, option.labelEn),
      Description: NO_LABEL,
    })),
  };
}
