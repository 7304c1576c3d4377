// Rows as the Web API reads them ($select, $expand, annotations), and checks of those names.
import type { StandInContext } from './context.ts';
import { errors } from './errors.ts';
import type { Expand } from './odata.ts';
import {
  ENTITY_SETS,
  entitySet,
  lookupValueName,
  readableNames,
  type EntitySet,
} from './schema.ts';
import { etagOf, type Row, type StoredRow } from './store.ts';

export function present(
  context: StandInContext,
  entity: EntitySet,
  stored: StoredRow,
  select: string[] | undefined,
  expands: Expand[],
  annotations: boolean,
): Row {
  const out: Row = { '@odata.etag': etagOf(stored.version) };
  const names = select ?? readableNames(entity);
  for (const name of names) {
    out[name] = stored.row[name] ?? null;
    if (annotations) annotate(context, entity, name, stored.row[name], out);
  }
  out[entity.key] = stored.id;
  for (const expand of expands) {
    const lookup = context.store.lookupOf(entity, expand.navigation)!;
    const targetId = stored.row[lookupValueName(lookup.column)] as string | null;
    const target = entitySet(lookup.target)!;
    const related = targetId ? context.store.get(lookup.target, targetId) : undefined;
    out[expand.navigation] = related
      ? present(context, target, related, expand.select, [], annotations)
      : null;
  }
  return out;
}

/** `Prefer: odata.include-annotations="*"`: formatted values of choices, lookups' tables. */
function annotate(
  context: StandInContext,
  entity: EntitySet,
  name: string,
  value: unknown,
  out: Row,
) {
  if (value === null || value === undefined) return;
  const type = entity.columns[name];
  if (type?.kind === 'choice' || type?.kind === 'choices') {
    const options = context.optionSets.get(type.optionSet)?.options ?? [];
    const labels = String(value)
      .split(',')
      .map((part) => options.find((o) => o.value === Number(part))?.labelEn ?? part);
    out[`${name}@OData.Community.Display.V1.FormattedValue`] = labels.join('; ');
  }
  const lookup = /^_(.+)_value$/.exec(name);
  const column = lookup ? entity.columns[lookup[1]!] : undefined;
  if (column?.kind === 'lookup') {
    // The table of the row it points to: a Customer lookup (parentcustomerid) may point to a
    // contact as well as an account (learn.microsoft.com/power-apps/developer/data-platform/
    // webapi/web-api-types-operations#lookup-properties).
    const table =
      [column.target, ...ENTITY_SETS.map((e) => e.set)].find((set) =>
        context.store.get(set, String(value)),
      ) ?? column.target;
    out[`${name}@Microsoft.Dynamics.CRM.lookuplogicalname`] = entitySet(table)!.logicalName;
  }
}

export function checkSelect(entity: EntitySet, select: string[] | undefined) {
  const names = new Set(readableNames(entity));
  for (const name of select ?? []) {
    if (!names.has(name)) throw errors.unknownProperty(name, entity.logicalName);
  }
}

export function checkExpands(context: StandInContext, entity: EntitySet, expands: Expand[]) {
  for (const expand of expands) {
    const lookup = context.store.lookupOf(entity, expand.navigation);
    if (!lookup) throw errors.unknownProperty(expand.navigation, entity.logicalName);
    checkSelect(entitySet(lookup.target)!, expand.select);
  }
}

export function contextSelect(select: string[] | undefined, expands: Expand[]): string {
  const items = [
    ...(select ?? []),
    ...expands.map((e) => (e.select ? `${e.navigation}(${e.select.join(',')})` : e.navigation)),
  ];
  return items.length > 0 ? `(${items.join(',')})` : '';
}
