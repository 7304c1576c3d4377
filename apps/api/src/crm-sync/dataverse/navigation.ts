import { CrmUnavailable, type CrmEntity } from '../crm-client.ts';
import type { DataverseMapping } from './mapping.ts';
import { referencedTable, tableOf } from './provision/desired.ts';
import { refusal, type DataverseWebApi } from './web-api.ts';

// The names lookups are written by. Dataverse binds a lookup through its single-valued
// navigation property, `<name>@odata.bind`, whose name is the relationship's
// ReferencingEntityNavigationPropertyName: for a custom lookup its SchemaName, case-sensitive
// (`pp_AccountId`, or `PP_AccountId` with a publisher prefix written in capitals), which the
// lower-cased logical name does not match (400). Microsoft Learn: "Associate and disassociate
// table rows using the Web API" (webapi/associate-disassociate-entities-using-web-api), "Web API
// Navigation properties" (webapi/web-api-navigation-properties), "Query table definitions using
// the Web API" (webapi/query-metadata-web-api), under
// https://learn.microsoft.com/power-apps/developer/data-platform/.
//
// A name the mapping gives is used as it is (crm:check and the start compare it with the
// metadata); the others are read once per kind of record, on its first write, from
// `EntityDefinitions(LogicalName='…')/ManyToOneRelationships`, and kept for the process's life.

/** Portal field -> navigation property name, for one kind of record. */
export type Navigations = ReadonlyMap<string, string>;

interface Relationship {
  ReferencingAttribute?: unknown;
  ReferencedEntity?: unknown;
  ReferencingEntityNavigationPropertyName?: unknown;
}

export function navigationNames(api: DataverseWebApi, mapping: DataverseMapping) {
  const learned = new Map<CrmEntity, Promise<Navigations>>();

  async function read(entity: CrmEntity): Promise<Navigations> {
    const spec = mapping.entities[entity];
    const names = new Map<string, string>();
    const lookups = Object.entries(spec.fields).flatMap(([field, f]) =>
      f.kind === 'lookup' ? [{ field, ...f }] : [],
    );
    const unnamed = lookups.filter((lookup) => !lookup.navigation);
    for (const lookup of lookups) if (lookup.navigation) names.set(lookup.field, lookup.navigation);
    if (unnamed.length === 0) return names;
    const table = tableOf(spec.primaryKey);
    const answer = await api.send(
      'GET',
      `EntityDefinitions(LogicalName='${table}')/ManyToOneRelationships?$select=ReferencingAttribute,ReferencedEntity,ReferencingEntityNavigationPropertyName`,
    );
    if (answer.status !== 200) throw refusal(answer, `reading the lookups of the table ${table}`);
    const relationships = ((answer.body as { value?: Relationship[] } | null)?.value ??
      []) as Relationship[];
    for (const lookup of unnamed) {
      const referenced = referencedTable(mapping, lookup);
      const found = relationships.find(
        (r) => r.ReferencingAttribute === lookup.column && r.ReferencedEntity === referenced,
      )?.ReferencingEntityNavigationPropertyName;
      if (typeof found !== 'string' || !found) {
        // A setup problem the start's check names; the write waits until it is fixed.
        throw new CrmUnavailable(
          `Dataverse has no lookup ${table}.${lookup.column} to ${referenced} (npm run crm:check)`,
        );
      }
      names.set(lookup.field, found);
    }
    return names;
  }

  return {
    /** The navigation names of `entity`'s lookups; read on the first call, then kept. */
    of(entity: CrmEntity): Promise<Navigations> {
      let names = learned.get(entity);
      if (!names) {
        names = read(entity);
        learned.set(entity, names);
        // A failed read is tried again by the next write.
        names.catch(() => learned.delete(entity));
      }
      return names;
    },
  };
}
