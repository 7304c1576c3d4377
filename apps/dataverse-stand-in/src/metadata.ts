import type { IncomingHttpHeaders } from 'node:http';
import { errors, DataverseError } from './errors.ts';
import { attributeJson, castOf, relationshipJson, selected, tableJson } from './metadata-json.ts';
import { initialMetadata, type MetadataState, type TableMeta } from './metadata-model.ts';
import { createDefinitions } from './metadata-create.ts';
import { updateRelationship } from './metadata-create-relationships.ts';
import { readRows } from './metadata-rows.ts';
import { parseExpand, parseSelect } from './odata.ts';
import { optionSetJson, type OptionSet } from './option-sets.ts';
import { ENTITY_SETS, type EntitySet } from './schema.ts';
import type { DeleteBehaviour } from './store.ts';

// The Web API's metadata endpoints (Microsoft Learn: "Use the Web API with table definitions",
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/use-web-api-metadata):
// - GET EntityDefinitions, EntityDefinitions(LogicalName='…') or (<MetadataId>), with $select
//   and $expand=Attributes; …/Attributes, …/Attributes(LogicalName='…'), a cast such as
//   …/Attributes/Microsoft.Dynamics.CRM.PicklistAttributeMetadata with $expand=OptionSet;
//   …/ManyToOneRelationships and …/OneToManyRelationships
//   ("Query table definitions using the Web API", …/webapi/query-metadata-web-api);
// - POST EntityDefinitions, …/Attributes, GlobalOptionSetDefinitions, RelationshipDefinitions,
//   and PUT EntityDefinitions(…) (`metadata-create.ts`);
// - publishers and solutions, read and created as rows (…/reference/entities/publisher,
//   …/reference/entities/solution; `metadata-rows.ts`).
// GET GlobalOptionSetDefinitions stays with the data side (option-set-definitions.ts), which reads
// the same map.

export interface MetadataAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface Metadata {
  state: MetadataState;
  /**
   * The lookup column behind a single-valued navigation property of `entity`, by the
   * relationships' ReferencingEntityNavigationPropertyName, compared case-sensitively as the
   * Web API's OData parser does; undefined when there is none.
   */
  lookupByNavigation(
    entity: EntitySet,
    navigation: string,
  ): { column: string; target: string } | undefined;
  /**
   * The lookups to the table of entity set `set` by the relationships naming it, each with the
   * relationship's Delete cascade as it is now (a PUT of the definition changes it).
   */
  deleteBehaviourOf(set: string): DeleteBehaviour[];
  /** Whether the environment has a table with this entity set name (`pp_locations`). */
  hasEntitySet(set: string): boolean;
  /** Answers a metadata request; undefined for a path that is not one (the data side's). */
  handle(
    method: string,
    path: string,
    query: Map<string, string>,
    body: unknown,
    headers: IncomingHttpHeaders,
    base: string,
  ): MetadataAnswer | undefined;
}

const KEYED = /^([A-Za-z]+)(?:\((.*)\))?$/;

/** `LogicalName='x'`, `Name='x'`, `SchemaName='x'` or a bare MetadataId. */
function keyOf(text: string): { name?: string; value: string } {
  const named = /^(\w+)='([^']*)'$/.exec(text);
  return named ? { name: named[1], value: named[2]! } : { value: text.toLowerCase() };
}

export function createMetadata(
  optionSets: Map<string, OptionSet>,
  options: { portalSolution?: boolean; schemaPrefix?: string | undefined } = {},
): Metadata {
  const state = initialMetadata(optionSets, options.portalSolution ?? true, options.schemaPrefix);
  const create = createDefinitions(state);

  function tableByKey(text: string): TableMeta {
    const key = keyOf(text);
    const table = [...state.tables.values()].find((t) =>
      key.name === 'LogicalName' ? t.logicalName === key.value : t.metadataId === key.value,
    );
    if (!table) {
      throw new DataverseError(
        404,
        '0x80040217',
        `Could not find entity with ${key.name ?? 'MetadataId'} '${key.value}'.`,
      );
    }
    return table;
  }

  function entityAnswer(table: TableMeta, query: Map<string, string>, base: string) {
    const json = selected(tableJson(table), parseSelect(query.get('$select')), 'EntityMetadata');
    for (const expand of parseExpand(query.get('$expand'))) {
      if (expand.navigation === 'Attributes') {
        json.Attributes = [...table.attributes.values()].map((a) =>
          selected(attributeJson(a, table.logicalName), expand.select, 'AttributeMetadata'),
        );
      } else if (expand.navigation === 'ManyToOneRelationships') {
        json.ManyToOneRelationships = relationshipsOf(table, 'many').map((r) =>
          selected(relationshipJson(r), expand.select, 'OneToManyRelationshipMetadata'),
        );
      } else {
        throw errors.unknownProperty(expand.navigation, 'EntityMetadata');
      }
    }
    return { '@odata.context': `${base}/$metadata#EntityDefinitions/$entity`, ...json };
  }

  function relationshipsOf(table: TableMeta, side: 'many' | 'one') {
    return state.relationships.filter((r) =>
      side === 'many'
        ? r.referencingEntity === table.logicalName
        : r.referencedEntity === table.logicalName,
    );
  }

  function attributes(table: TableMeta, rest: string[], query: Map<string, string>, base: string) {
    const [segment, cast] = rest;
    const match = /^Attributes(?:\((.*)\))?$/.exec(segment!)!;
    const castName = cast?.replace(/^Microsoft\.Dynamics\.CRM\./, '');
    if (cast && !cast.startsWith('Microsoft.Dynamics.CRM.')) throw errors.segmentNotFound(cast);
    const select = parseSelect(query.get('$select'));
    const expands = parseExpand(query.get('$expand'));
    const present = (
      attribute: typeof table.attributes extends Map<string, infer A> ? A : never,
    ) => {
      const json = selected(
        attributeJson(attribute, table.logicalName),
        select,
        castName ?? 'AttributeMetadata',
      );
      for (const expand of expands) {
        if (expand.navigation !== 'OptionSet' && expand.navigation !== 'GlobalOptionSet') {
          throw errors.unknownProperty(expand.navigation, castName ?? 'AttributeMetadata');
        }
        if (!castName || !/Picklist/.test(castName)) {
          throw errors.badRequest(
            `${expand.navigation} can only be expanded on a choice column's type cast.`,
          );
        }
        const set = attribute.optionSet ? state.optionSets.get(attribute.optionSet) : undefined;
        const global = set?.global ? set : undefined;
        const which = expand.navigation === 'OptionSet' ? set : global;
        json[expand.navigation] = which
          ? selected(optionSetJson(which), expand.select, 'OptionSetMetadata')
          : null;
      }
      return json;
    };
    if (match[1] !== undefined) {
      const key = keyOf(match[1]);
      const attribute = [...table.attributes.values()].find((a) =>
        key.name === 'LogicalName' ? a.logicalName === key.value : a.metadataId === key.value,
      );
      if (!attribute || (castName && castOf(attribute) !== castName)) {
        throw new DataverseError(
          404,
          '0x80040217',
          `Could not find attribute '${key.value}' on ${table.logicalName}.`,
        );
      }
      return {
        '@odata.context': `${base}/$metadata#EntityDefinitions('${table.metadataId}')/Attributes/$entity`,
        ...present(attribute),
      };
    }
    const all = [...table.attributes.values()].filter((a) => !castName || castOf(a) === castName);
    return {
      '@odata.context': `${base}/$metadata#EntityDefinitions('${table.metadataId}')/Attributes`,
      value: all.map(present),
    };
  }

  return {
    state,
    lookupByNavigation(entity, navigation) {
      const found = state.relationships.find(
        (r) => r.referencingEntity === entity.logicalName && r.navigation === navigation,
      );
      const target = found && state.tables.get(found.referencedEntity)?.entitySetName;
      return found && target ? { column: found.referencingAttribute, target } : undefined;
    },
    deleteBehaviourOf(set) {
      const referenced = ENTITY_SETS.find((e) => e.set === set)?.logicalName;
      return state.relationships.flatMap((r) => {
        const child = ENTITY_SETS.find((e) => e.logicalName === r.referencingEntity);
        if (r.referencedEntity !== referenced || !child) return [];
        if (child.columns[r.referencingAttribute]?.kind !== 'lookup') return [];
        return [{ set: child.set, column: r.referencingAttribute, action: r.cascade.Delete }];
      });
    },
    hasEntitySet: (set) => [...state.tables.values()].some((t) => t.entitySetName === set),
    handle(method, path, query, body, headers, base) {
      const parts = path.replace(/^\//, '').split('/');
      const head = KEYED.exec(parts[0] ?? '');
      if (!head) return undefined;
      const [, segment, key] = head;
      const solution =
        typeof headers['mscrm.solutionuniquename'] === 'string'
          ? headers['mscrm.solutionuniquename']
          : undefined;
      const ok = (json: unknown) => ({ status: 200, body: json });
      switch (segment) {
        case 'EntityDefinitions': {
          if (key === undefined) {
            if (parts.length > 1) throw errors.segmentNotFound(parts[1]!);
            if (method === 'POST') return create.table(body, solution, base);
            if (method !== 'GET') throw errors.methodNotAllowed(method);
            const select = parseSelect(query.get('$select'));
            return ok({
              '@odata.context': `${base}/$metadata#EntityDefinitions`,
              value: [...state.tables.values()].map((t) =>
                selected(tableJson(t), select, 'EntityMetadata'),
              ),
            });
          }
          const table = tableByKey(key);
          if (parts.length === 1) {
            if (method === 'PUT') return create.update(table, body, headers);
            if (method === 'PATCH') {
              throw new DataverseError(
                405,
                '0x80060888',
                'PATCH is not supported for EntityMetadata; update a table definition with PUT.',
              );
            }
            if (method !== 'GET') throw errors.methodNotAllowed(method);
            return ok(entityAnswer(table, query, base));
          }
          const rest = parts.slice(1);
          if (rest[0]!.startsWith('Attributes')) {
            if (method === 'POST' && rest.length === 1 && rest[0] === 'Attributes') {
              return create.attribute(table, body, solution, base);
            }
            if (method !== 'GET') throw errors.methodNotAllowed(method);
            return ok(attributes(table, rest, query, base));
          }
          if (
            (rest[0] === 'ManyToOneRelationships' || rest[0] === 'OneToManyRelationships') &&
            rest.length === 1
          ) {
            if (method !== 'GET') throw errors.methodNotAllowed(method);
            const select = parseSelect(query.get('$select'));
            const side = rest[0] === 'ManyToOneRelationships' ? 'many' : 'one';
            return ok({
              '@odata.context': `${base}/$metadata#EntityDefinitions('${table.metadataId}')/${rest[0]}`,
              value: relationshipsOf(table, side).map((r) =>
                selected(relationshipJson(r), select, 'OneToManyRelationshipMetadata'),
              ),
            });
          }
          throw errors.segmentNotFound(rest.join('/'));
        }
        case 'RelationshipDefinitions': {
          if (key === undefined && method === 'POST')
            return create.relationship(body, solution, base);
          if (method !== 'GET' && !(method === 'PUT' && key !== undefined))
            throw errors.methodNotAllowed(method);
          const select = parseSelect(query.get('$select'));
          if (key === undefined) {
            return ok({
              '@odata.context': `${base}/$metadata#RelationshipDefinitions`,
              value: state.relationships.map((r) =>
                selected(relationshipJson(r), select, 'RelationshipMetadataBase'),
              ),
            });
          }
          const k = keyOf(key);
          const found = state.relationships.find((r) =>
            k.name === 'SchemaName' ? r.schemaName === k.value : r.metadataId === k.value,
          );
          if (!found)
            throw new DataverseError(
              404,
              '0x80040217',
              `Could not find relationship '${k.value}'.`,
            );
          if (method === 'PUT') return updateRelationship(found, body);
          return ok(selected(relationshipJson(found), select, 'RelationshipMetadataBase'));
        }
        case 'GlobalOptionSetDefinitions':
          // Reads are the data side's (option-set-definitions.ts); creating is metadata's.
          if (method === 'POST' && key === undefined && parts.length === 1)
            return create.optionSet(body, solution, base);
          return undefined;
        case 'publishers':
        case 'solutions':
          if (parts.length > 1) throw errors.segmentNotFound(parts[1]!);
          if (method === 'POST' && key === undefined) return create.row(segment, body, base);
          if (method !== 'GET') throw errors.methodNotAllowed(method);
          return ok(readRows(state, segment, key, query, base));
        default:
          return undefined;
      }
    },
  };
}
