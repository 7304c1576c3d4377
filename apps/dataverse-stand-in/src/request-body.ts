// A write's JSON body checked as Dataverse checks it and turned into the stored shape.
import { errors } from './errors.ts';
import type { OptionSet } from './option-sets.ts';
import { entitySet, lookupValueName, type EntitySet } from './schema.ts';
import { isGuid, type Row, type Store } from './store.ts';

/** A request body in the stored shape (see the file's header). */
export function rowFromBody(store: Store, entity: EntitySet, body: unknown): Row {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw errors.badRequest('The request body must be a JSON object.');
  }
  const changes: Row = {};
  for (const [property, value] of Object.entries(body)) {
    if (property.startsWith('@odata.')) continue;
    if (property.endsWith('@odata.bind')) {
      const navigation = property.slice(0, -'@odata.bind'.length);
      const lookup = store.lookupOf(entity, navigation);
      if (!lookup) throw errors.undeclaredNavigation(navigation, entity.logicalName);
      // Only a merge sets the master (`merge.ts`).
      if (lookup.column === 'masterid')
        throw errors.invalidBodyProperty(property, entity.logicalName);
      changes[lookupValueName(lookup.column)] = bind(store, lookup.target, value);
      continue;
    }
    if (property === entity.key) {
      if (typeof value !== 'string' || !isGuid(value)) {
        throw errors.invalidValue(`The value of '${property}' must be a GUID.`);
      }
      continue;
    }
    const type = entity.columns[property];
    if (!type || property.startsWith('_')) {
      // `_x_value` is how a lookup reads, never how it is written.
      throw errors.invalidBodyProperty(property, entity.logicalName);
    }
    if (type.kind === 'system' || type.kind === 'lookup' || property === 'merged') {
      throw errors.invalidBodyProperty(property, entity.logicalName);
    }
    changes[property] = checkValue(store.optionSets, entity, property, type, value);
  }
  return changes;
}

function bind(store: Store, target: string, value: unknown): string | null {
  if (value === null) return null;
  const match =
    typeof value === 'string'
      ? /^(?:.*\/api\/data\/v9\.2)?\/?([a-z_]+)\(([0-9a-fA-F-]{36})\)$/.exec(value)
      : null;
  if (!match || match[1] !== target || !isGuid(match[2]!)) {
    throw errors.badRequest(
      `The value '${String(value)}' of an @odata.bind annotation must be '/${target}(<guid>)'.`,
    );
  }
  const id = match[2]!.toLowerCase();
  if (!store.get(target, id)) throw errors.notFound(entitySet(target)!.logicalName, id);
  return id;
}

function checkValue(
  optionSets: Map<string, OptionSet>,
  entity: EntitySet,
  property: string,
  type: EntitySet['columns'][string],
  value: unknown,
): unknown {
  if (value === null) return null;
  const wrong = () =>
    errors.invalidValue(
      `A validation error occurred. The value '${JSON.stringify(value)}' of '${property}' on record of type '${entity.logicalName}' is not valid.`,
    );
  switch (type.kind) {
    case 'string':
      if (typeof value !== 'string') throw wrong();
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw wrong();
      return value;
    case 'date':
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw wrong();
      return value;
    case 'integer':
      if (!Number.isInteger(value)) throw wrong();
      return value;
    case 'state':
      if (value !== 0 && value !== 1) throw wrong();
      return value;
    case 'choice': {
      if (!Number.isInteger(value)) throw wrong();
      checkOption(optionSets, entity, property, type.optionSet, value as number);
      return value;
    }
    case 'choices': {
      if (typeof value !== 'string' || !/^\d+(,\d+)*$/.test(value)) throw wrong();
      for (const part of value.split(',')) {
        checkOption(optionSets, entity, property, type.optionSet, Number(part));
      }
      return value;
    }
    default:
      throw wrong();
  }
}

function checkOption(
  optionSets: Map<string, OptionSet>,
  entity: EntitySet,
  property: string,
  set: string,
  value: number,
): void {
  const options = optionSets.get(set)?.options ?? [];
  if (!options.some((option) => option.value === value)) {
    throw errors.invalidValue(
      `A validation error occurred. The value ${value} of '${property}' on record of type '${entity.logicalName}' is outside the valid range. Accepted Values: ${options.map((o) => o.value).join(',')}`,
    );
  }
}
