import type { DataverseWebApi, WebApiAnswer } from '../web-api.ts';
import { refusal } from '../web-api.ts';
import type { DesiredMetadata } from './desired.ts';

// What an environment has, read through the Web API's metadata endpoints (Microsoft Learn:
// "Query table definitions using the Web API",
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/query-metadata-web-api,
// and "Retrieve table definitions by name or MetadataId",
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/retrieve-metadata-name-metadataid).
// Only what the desired metadata names is read: each table by its LogicalName with its
// columns, choice columns with their option sets, many-to-one relationships (the lookups), each
// global option set by Name, and the solution with its publisher.

export interface ActualOption {
  value: number;
  externalValue: string | null;
}

export interface ActualColumn {
  /** AttributeType: String, DateTime, Boolean, Picklist, Virtual (multi-select), Lookup, … */
  type: string;
  /** AttributeTypeName.Value: MultiSelectPicklistType tells a multi-select choice. */
  typeName: string | null;
  /** For a choice: its option set's Name and whether it is global, and its options. */
  optionSet?: { name: string; global: boolean; options: ActualOption[] };
}

export interface ActualRelationship {
  schemaName: string;
  referencedEntity: string;
  referencingAttribute: string;
  navigation: string;
  /** CascadeConfiguration.Merge: Cascade or NoCascade (absent when the answer holds none). */
  mergeCascade?: string;
}

export interface ActualTable {
  metadataId: string;
  entitySet: string;
  changeTracking: boolean;
  columns: Map<string, ActualColumn>;
  manyToOne: ActualRelationship[];
}

export interface ActualOptionSet {
  metadataId: string;
  options: ActualOption[];
}

export interface ActualPublisher {
  id: string;
  uniqueName: string;
  prefix: string;
  optionValuePrefix: number;
}

export interface ActualMetadata {
  tables: Map<string, ActualTable | null>;
  optionSets: Map<string, ActualOptionSet | null>;
  /** The solution named for provisioning, with its publisher; null when there is none. */
  solution: { id: string; uniqueName: string; publisher: ActualPublisher | null } | null;
  /** A publisher whose customization prefix is the mapping's, when the solution is missing. */
  publisher: ActualPublisher | null;
}

type Json = Record<string, unknown>;

async function get(api: DataverseWebApi, path: string): Promise<Json | null> {
  const answer: WebApiAnswer = await api.send('GET', path);
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw refusal(answer, `GET ${path.split('?')[0]}`);
  return answer.body as Json;
}

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

function optionsOf(set: Json | undefined): ActualOption[] {
  const options = (set?.Options ?? []) as Json[];
  return options.map((option) => ({
    value: Number(option.Value),
    externalValue: typeof option.ExternalValue === 'string' ? option.ExternalValue : null,
  }));
}

function publisherOf(json: Json | null | undefined): ActualPublisher | null {
  if (!json) return null;
  return {
    id: String(json.publisherid),
    uniqueName: String(json.uniquename),
    prefix: String(json.customizationprefix),
    optionValuePrefix: Number(json.customizationoptionvalueprefix),
  };
}

async function readTable(api: DataverseWebApi, name: string): Promise<ActualTable | null> {
  const entity = `EntityDefinitions(LogicalName=${quoted(name)})`;
  const table = await get(
    api,
    `${entity}?$select=LogicalName,EntitySetName,ChangeTrackingEnabled&$expand=Attributes($select=LogicalName,AttributeType,AttributeTypeName)`,
  );
  if (!table) return null;
  const columns = new Map<string, ActualColumn>();
  for (const attribute of (table.Attributes ?? []) as Json[]) {
    const typeName = (attribute.AttributeTypeName as Json | null)?.Value;
    columns.set(String(attribute.LogicalName), {
      type: String(attribute.AttributeType),
      typeName: typeof typeName === 'string' ? typeName : null,
    });
  }
  for (const cast of ['PicklistAttributeMetadata', 'MultiSelectPicklistAttributeMetadata']) {
    const choices = await get(
      api,
      `${entity}/Attributes/Microsoft.Dynamics.CRM.${cast}?$select=LogicalName&$expand=OptionSet($select=Name,IsGlobal,Options)`,
    );
    for (const choice of (choices?.value ?? []) as Json[]) {
      const column = columns.get(String(choice.LogicalName));
      const set = choice.OptionSet as Json | undefined;
      if (column && set) {
        column.optionSet = {
          name: String(set.Name),
          global: set.IsGlobal === true,
          options: optionsOf(set),
        };
      }
    }
  }
  const relationships = await get(
    api,
    `${entity}/ManyToOneRelationships?$select=SchemaName,ReferencedEntity,ReferencingAttribute,ReferencingEntityNavigationPropertyName,CascadeConfiguration`,
  );
  return {
    metadataId: String(table.MetadataId),
    entitySet: String(table.EntitySetName),
    changeTracking: table.ChangeTrackingEnabled === true,
    columns,
    manyToOne: ((relationships?.value ?? []) as Json[]).map((relationship) => ({
      schemaName: String(relationship.SchemaName),
      referencedEntity: String(relationship.ReferencedEntity),
      referencingAttribute: String(relationship.ReferencingAttribute),
      navigation: String(relationship.ReferencingEntityNavigationPropertyName),
      ...mergeCascade(relationship),
    })),
  };
}

export async function readMetadata(
  api: DataverseWebApi,
  desired: DesiredMetadata,
  solutionName: string,
): Promise<ActualMetadata> {
  const tables = new Map<string, ActualTable | null>();
  for (const table of desired.tables)
    tables.set(table.logicalName, await readTable(api, table.logicalName));
  const optionSets = new Map<string, ActualOptionSet | null>();
  for (const set of desired.optionSets) {
    const json = await get(api, `GlobalOptionSetDefinitions(Name=${quoted(set.name)})`);
    optionSets.set(
      set.name,
      json ? { metadataId: String(json.MetadataId), options: optionsOf(json) } : null,
    );
  }
  const publisherSelect =
    'publisherid,uniquename,customizationprefix,customizationoptionvalueprefix';
  const solutions = await get(
    api,
    `solutions?$select=solutionid,uniquename&$filter=uniquename eq ${quoted(solutionName)}&$expand=publisherid($select=${publisherSelect})`,
  );
  const found = ((solutions?.value ?? []) as Json[])[0];
  const solution = found
    ? {
        id: String(found.solutionid),
        uniqueName: String(found.uniquename),
        publisher: publisherOf(found.publisherid as Json | null),
      }
    : null;
  let publisher = solution?.publisher ?? null;
  if (!solution) {
    const publishers = await get(
      api,
      `publishers?$select=${publisherSelect}&$filter=customizationprefix eq ${quoted(desired.prefix)}`,
    );
    publisher = publisherOf(((publishers?.value ?? []) as Json[])[0]);
  }
  return { tables, optionSets, solution, publisher };
}

function mergeCascade(relationship: Json): { mergeCascade?: string } {
  const merge = (relationship.CascadeConfiguration as Json | undefined)?.Merge;
  return typeof merge === 'string' ? { mergeCascade: merge } : {};
}
