import { CRM_ENTITIES } from '../../crm-client.ts';
import type { DataverseMapping } from '../mapping.ts';

// What the mapping needs in a Dataverse environment, as metadata: the global option sets with
// the portal's codes as ExternalValue, the tables, their columns, the one-to-many relationships
// behind the lookups, and change tracking on every table (the sync reads changes by delta). It
// is derived from the mapping alone (plus the portal's first picklist values), so the mapping
// stays the one source of truth; `check.ts` compares it with the environment and `plan.ts` turns
// the difference into Web API requests.

/** The publisher prefix of the mapping's own names (`pp` in `pp_locations`). */
export const DEFAULT_PREFIX = 'pp';

export interface DesiredOption {
  /** The portal's code: the option's ExternalValue. */
  code: string;
  labelDe: string;
  labelEn: string;
}

export interface DesiredOptionSet {
  name: string;
  /** The portal's picklist it holds (`salutation`). */
  list: string;
  options: DesiredOption[];
}

export type DesiredColumn =
  | { column: string; kind: 'text' | 'date' | 'boolean' }
  | { column: string; kind: 'choice' | 'multichoice'; optionSet: string }
  /** A local choice: its values are the mapping's. */
  | { column: string; kind: 'localchoice'; options: Record<string, number> };

export interface DesiredLookup {
  column: string;
  /** The mapping's navigation property name; none: whatever the environment's metadata says. */
  navigation?: string;
  /** The logical name of the table it points to. */
  referenced: string;
}

export interface DesiredTable {
  logicalName: string;
  entitySet: string;
  primaryKey: string;
  /** A table of the publisher's own (created by the provisioner), or one of Microsoft's. */
  custom: boolean;
  columns: DesiredColumn[];
  lookups: DesiredLookup[];
}

export interface DesiredMetadata {
  prefix: string;
  optionSets: DesiredOptionSet[];
  tables: DesiredTable[];
}

export interface PicklistValue {
  list: string;
  code: string;
  labelDe: string;
  labelEn: string;
  sortOrder: number;
}

/** `pp_locationid` -> `pp_location`: a table's primary key is its logical name and `id`. */
export function tableOf(primaryKey: string): string {
  return primaryKey.replace(/id$/, '');
}

/** Whether a name is the publisher's (`pp_…`) rather than Microsoft's. */
export function isOwn(name: string, prefix: string): boolean {
  return name.startsWith(`${prefix}_`);
}

/** The logical name of the table a lookup points to (`account` for the entity set `accounts`). */
export function referencedTable(
  mapping: DataverseMapping,
  field: { target: string; targetTable?: string | undefined },
): string {
  if (field.targetTable) return field.targetTable;
  const entity = CRM_ENTITIES.find((e) => mapping.entities[e].entitySet === field.target);
  return entity ? tableOf(mapping.entities[entity].primaryKey) : field.target;
}

export function desiredMetadata(
  mapping: DataverseMapping,
  picklists: readonly PicklistValue[],
  prefix = DEFAULT_PREFIX,
): DesiredMetadata {
  const optionSets: DesiredOptionSet[] = [];
  for (const [list, name] of Object.entries(mapping.picklists)) {
    if (list === '$comment' || optionSets.some((set) => set.name === name)) continue;
    const options = picklists
      .filter((value) => value.list === list)
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map(({ code, labelDe, labelEn }) => ({ code, labelDe, labelEn }));
    optionSets.push({ name, list, options });
  }

  const tables: DesiredTable[] = [];
  for (const entity of CRM_ENTITIES) {
    const spec = mapping.entities[entity];
    const logicalName = tableOf(spec.primaryKey);
    const table: DesiredTable = {
      logicalName,
      entitySet: spec.entitySet,
      primaryKey: spec.primaryKey,
      custom: isOwn(logicalName, prefix),
      columns: [],
      lookups: [],
    };
    for (const field of Object.values(spec.fields)) {
      if (table.columns.some((c) => c.column === field.column)) continue;
      switch (field.kind) {
        case 'state':
          // statecode is part of every table.
          break;
        case 'lookup':
          table.lookups.push({
            column: field.column,
            ...(field.navigation ? { navigation: field.navigation } : {}),
            referenced: referencedTable(mapping, field),
          });
          break;
        case 'choice':
          table.columns.push(
            field.options
              ? { column: field.column, kind: 'localchoice', options: field.options }
              : { column: field.column, kind: 'choice', optionSet: field.optionSet! },
          );
          break;
        case 'multichoice':
          table.columns.push({
            column: field.column,
            kind: 'multichoice',
            optionSet: field.optionSet,
          });
          break;
        case 'country':
          // Dynamics' address country is free text: the portal reads names and codes from it.
          table.columns.push({ column: field.column, kind: 'text' });
          break;
        default:
          table.columns.push({ column: field.column, kind: field.kind });
      }
    }
    tables.push(table);
  }
  // An option set a column names but no picklist holds is still needed (without options).
  for (const table of tables) {
    for (const column of table.columns) {
      if ('optionSet' in column && !optionSets.some((set) => set.name === column.optionSet)) {
        optionSets.push({ name: column.optionSet, list: '', options: [] });
      }
    }
  }
  return { prefix, optionSets, tables };
}
