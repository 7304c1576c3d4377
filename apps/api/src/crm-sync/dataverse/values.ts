import { isGuid } from '@pp/contract';
import { countryCodeOf } from '../countries.ts';
import { CrmRefused, type CrmEntity, type CrmRecord, type CrmValue } from '../crm-client.ts';
import type { EntityMapping, FieldMapping } from './mapping.ts';

// Values between the portal's words and the Web API's JSON (Microsoft Learn: "Create a table
// row using the Web API", https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-entity-web-api,
// and "Associate and disassociate table rows using the Web API",
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/associate-disassociate-entities-using-web-api).

/** One option of a global option set, in the portal's words. */
export interface OptionEntry {
  value: number;
  /** The option's ExternalValue, which the portal keeps as its code; `V<value>` without one. */
  code: string;
  labelDe: string;
  labelEn: string;
}
export type OptionSets = ReadonlyMap<string, readonly OptionEntry[]>;

/** A value or code the cached option sets do not know: the caller reloads them and tries again. */
export class OptionMiss extends Error {}

interface LocalizedLabel {
  Label?: unknown;
  LanguageCode?: unknown;
}
interface OptionMetadata {
  Value?: unknown;
  ExternalValue?: unknown;
  Label?: { LocalizedLabels?: LocalizedLabel[]; UserLocalizedLabel?: LocalizedLabel | null };
}

/**
 * The options of an OptionSetMetadata (`GlobalOptionSetDefinitions(Name='…')`), in their order,
 * with the German (1031) and English (1033) labels; a missing language takes the other one.
 */
export function optionsOf(metadata: unknown): OptionEntry[] {
  const options = (metadata as { Options?: OptionMetadata[] } | null)?.Options;
  if (!Array.isArray(options)) return [];
  return options.flatMap((option) => {
    if (typeof option.Value !== 'number') return [];
    const labels = option.Label?.LocalizedLabels ?? [];
    const labelIn = (language: number) => {
      const label = labels.find((entry) => entry.LanguageCode === language)?.Label;
      return typeof label === 'string' ? label : undefined;
    };
    const fallback =
      typeof option.Label?.UserLocalizedLabel?.Label === 'string'
        ? option.Label.UserLocalizedLabel.Label
        : String(option.Value);
    const de = labelIn(1031);
    const en = labelIn(1033);
    return [
      {
        value: option.Value,
        code:
          typeof option.ExternalValue === 'string' && option.ExternalValue.trim()
            ? option.ExternalValue.trim()
            : `V${option.Value}`,
        labelDe: de ?? en ?? fallback,
        labelEn: en ?? de ?? fallback,
      },
    ];
  });
}

/** The columns to `$select`: lookups as `_<column>_value`. */
export function selectedColumns(spec: EntityMapping): string[] {
  const columns = Object.values(spec.fields).map((field) =>
    field.kind === 'lookup' ? `_${field.column}_value` : field.column,
  );
  if (spec.stateColumn) columns.push(spec.stateColumn);
  if (spec.masterColumn) columns.push(`_${spec.masterColumn}_value`);
  return [spec.primaryKey, ...new Set(columns)];
}

/**
 * Whether a row is read as removed: its state (the mapping's `stateColumn`) is not 0, Active.
 * A merged contact is one: Dataverse's Merge deactivates the subordinate (statecode 1,
 * statuscode 2, `merged`, `masterid` naming the master; Microsoft Learn, "Merge Action",
 * https://learn.microsoft.com/power-apps/developer/data-platform/webapi/reference/merge).
 */
export function isInactive(spec: EntityMapping, row: Record<string, unknown>): boolean {
  if (!spec.stateColumn) return false;
  const state = row[spec.stateColumn];
  return typeof state === 'number' && state !== 0;
}

/**
 * The master an inactive row was merged into (the mapping's `masterColumn`, `masterid`), or
 * undefined: an active row, or one deactivated without a merge.
 */
export function masterOf(spec: EntityMapping, row: Record<string, unknown>): string | undefined {
  if (!spec.masterColumn || !isInactive(spec, row)) return undefined;
  const master = row[`_${spec.masterColumn}_value`];
  return typeof master === 'string' && isGuid(master) ? master.toLowerCase() : undefined;
}

/** The global option sets an entity's choice columns use. */
export function optionSetsOf(spec: EntityMapping): string[] {
  const names = Object.values(spec.fields).flatMap((field) =>
    (field.kind === 'choice' || field.kind === 'multichoice') && field.optionSet
      ? [field.optionSet]
      : [],
  );
  return [...new Set(names)];
}

/** The code of an option value; `strict` throws OptionMiss for one the cache does not know. */
function codeOf(field: FieldMapping, value: number, sets: OptionSets, strict: boolean): string {
  if (field.kind === 'choice' && field.options) {
    const local = Object.entries(field.options).find(([, v]) => v === value);
    return local ? local[0] : `V${value}`;
  }
  const name = (field as { optionSet: string }).optionSet;
  const found = sets.get(name)?.find((option) => option.value === value);
  if (found) return found.code;
  if (strict) throw new OptionMiss(`${name} has no option ${value}`);
  return `V${value}`;
}

function valueOf(field: FieldMapping, code: string, sets: OptionSets, strict: boolean): number {
  if (field.kind === 'choice' && field.options) {
    const local = field.options[code];
    if (local !== undefined) return local;
    throw new CrmRefused(`"${code}" is not one of ${Object.keys(field.options).join(', ')}`, 400);
  }
  const name = (field as { optionSet: string }).optionSet;
  const found = sets.get(name)?.find((option) => option.code === code);
  if (found) return found.value;
  const bare = /^V(\d+)$/.exec(code);
  if (bare) return Number(bare[1]);
  if (strict) throw new OptionMiss(`${name} has no option ${code}`);
  throw new CrmRefused(`"${code}" is not an option of the option set ${name}`, 400);
}

/** A row of the Web API (with `@odata.etag`) as the portal's record. */
export function recordOf(
  entity: CrmEntity,
  spec: EntityMapping,
  row: Record<string, unknown>,
  sets: OptionSets,
  strict: boolean,
): CrmRecord {
  const fields: Record<string, CrmValue> = {};
  for (const [name, field] of Object.entries(spec.fields)) {
    fields[name] = readValue(field, row, sets, strict);
  }
  return {
    entity,
    id: String(row[spec.primaryKey] ?? ''),
    etag: typeof row['@odata.etag'] === 'string' ? row['@odata.etag'] : '',
    fields,
  };
}

function readValue(
  field: FieldMapping,
  row: Record<string, unknown>,
  sets: OptionSets,
  strict: boolean,
): CrmValue {
  if (field.kind === 'lookup') {
    const key = `_${field.column}_value`;
    const id = row[key];
    if (typeof id !== 'string' || !id) return null;
    // A polymorphic lookup (a contact's parentcustomerid may be a contact) names its table in
    // the annotation when asked for with `Prefer: odata.include-annotations`.
    const table = row[`${key}@Microsoft.Dynamics.CRM.lookuplogicalname`];
    if (field.targetTable && typeof table === 'string' && table !== field.targetTable) return null;
    return id;
  }
  const value = row[field.column];
  if (value === null || value === undefined) {
    return field.kind === 'multichoice' ? [] : null;
  }
  switch (field.kind) {
    case 'text':
      return String(value);
    case 'country':
      return countryCodeOf(String(value));
    case 'date':
      // DateOnly columns answer `1980-04-01`; a DateTime column answers a timestamp.
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)
        ? value.slice(0, 10)
        : null;
    case 'boolean':
      return value === true;
    case 'state':
      return value === 0 ? 'enabled' : 'disabled';
    case 'choice':
      return typeof value === 'number' ? codeOf(field, value, sets, strict) : null;
    case 'multichoice':
      return String(value)
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => codeOf(field, Number(part), sets, strict));
  }
}

/**
 * The body that deactivates a record: its state (the mapping's `stateColumn`, else the column of
 * its `state` field, else `statecode`, which every table with a state has) 1, Inactive, with the
 * status reason 2, Inactive, the default one of that state (Microsoft Learn, "Default status and
 * status reason values"). Learn's "Update and delete table rows using the Web API" asks to set
 * the status reason with the state, always; the deprecated SetState message is this update.
 */
export function deactivationBody(spec: EntityMapping): Record<string, number> {
  const stateField = Object.values(spec.fields).find((field) => field.kind === 'state');
  const column = spec.stateColumn ?? stateField?.column ?? 'statecode';
  return { [column]: 1, statuscode: 2 };
}

/**
 * The portal's fields as a Web API body; fields the mapping leaves out are not sent. Lookups are
 * bound by the navigation names `navigations` holds (`navigation.ts`).
 */
export function bodyOf(
  spec: EntityMapping,
  values: Readonly<Record<string, CrmValue>>,
  sets: OptionSets,
  strict: boolean,
  navigations: ReadonlyMap<string, string> = new Map(),
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = spec.fields[name];
    if (!field) continue;
    const wrong = (expected: string) =>
      new CrmRefused(`the field ${name} needs ${expected}, not ${JSON.stringify(value)}`, 400);
    switch (field.kind) {
      case 'text':
        if (value !== null && typeof value !== 'string') throw wrong('text');
        body[field.column] = value;
        break;
      case 'country':
        if (value !== null && !(typeof value === 'string' && /^[A-Z]{2}$/.test(value))) {
          throw wrong('a country code (ISO 3166-1 alpha-2)');
        }
        body[field.column] = value;
        break;
      case 'date':
        if (value !== null && !(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))) {
          throw wrong('a date YYYY-MM-DD');
        }
        body[field.column] = value;
        break;
      case 'boolean':
        if (value !== null && typeof value !== 'boolean') throw wrong('true or false');
        body[field.column] = value;
        break;
      case 'state':
        if (value !== 'enabled' && value !== 'disabled') throw wrong('enabled or disabled');
        body[field.column] = value === 'enabled' ? 0 : 1;
        break;
      case 'choice':
        if (value !== null && typeof value !== 'string') throw wrong('a code');
        body[field.column] = value === null ? null : valueOf(field, value, sets, strict);
        break;
      case 'multichoice': {
        if (value !== null && !Array.isArray(value)) throw wrong('a list of codes');
        const codes = (value ?? []) as readonly string[];
        // The Web API takes a multi-select choice as "100000000,100000002"; none is null.
        body[field.column] = codes.length
          ? codes.map((code) => valueOf(field, code, sets, strict)).join(',')
          : null;
        break;
      }
      case 'lookup':
        if (value !== null && !(typeof value === 'string' && isGuid(value))) {
          throw wrong('the key (a GUID) of a record');
        }
        // `null` clears the lookup; a value binds the record by its URL.
        body[`${navigations.get(name) ?? field.navigation ?? field.column}@odata.bind`] =
          value === null ? null : `/${field.target}(${value})`;
        break;
    }
  }
  return body;
}
