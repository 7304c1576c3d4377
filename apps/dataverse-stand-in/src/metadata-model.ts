import { randomUUID } from 'node:crypto';
import { stableGuid, type OptionSet } from './option-sets.ts';
import { ENTITY_SETS, type Column, type EntitySet } from './schema.ts';

// The stand-in's table definitions (metadata): what `EntityDefinitions`,
// `RelationshipDefinitions`, `publishers` and `solutions` answer (`metadata.ts`). It starts as
// the tables the stand-in serves (`schema.ts`), or, for `portalSolution: false`, as an
// environment before the portal's solution: Microsoft's contact and account without the `pp_`
// columns, no `pp_` option sets, change tracking off. The shapes are those of the Web API's
// metadata entity types (https://learn.microsoft.com/power-apps/developer/data-platform/webapi/reference/metadataentitytypes).

export type LabelJson = { LocalizedLabels: { Label: string; LanguageCode: number }[] };

export interface AttributeMeta {
  metadataId: string;
  logicalName: string;
  schemaName: string;
  /** AttributeType: String, Boolean, DateTime, Picklist, Virtual, Lookup, Customer, State, … */
  type: string;
  /** AttributeTypeName.Value: StringType, MultiSelectPicklistType, … */
  typeName: string;
  displayName: LabelJson;
  isCustom: boolean;
  isPrimaryId?: boolean;
  isPrimaryName?: boolean;
  /** A choice's option set (global or the column's own), by name in the shared map. */
  optionSet?: string;
  /** DateTime: DateOnly or DateAndTime. */
  format?: string;
  /** Lookup: the tables it may point to. */
  targets?: string[];
}

export interface TableMeta {
  metadataId: string;
  logicalName: string;
  schemaName: string;
  entitySetName: string;
  primaryIdAttribute: string;
  primaryNameAttribute: string | null;
  displayName: LabelJson;
  displayCollectionName: LabelJson;
  description: LabelJson;
  ownershipType: string;
  isCustom: boolean;
  changeTracking: boolean;
  hasNotes: boolean;
  hasActivities: boolean;
  attributes: Map<string, AttributeMeta>;
}

export interface RelationshipMeta {
  metadataId: string;
  schemaName: string;
  referencedEntity: string;
  referencedAttribute: string;
  referencingEntity: string;
  referencingAttribute: string;
  navigation: string;
  isCustom: boolean;
  /** The relationship's CascadeConfiguration: Assign, Delete, Merge, … → Cascade, NoCascade, … */
  cascade: CascadeConfiguration;
}

/**
 * What an action on the referenced record does to the referencing ones (Microsoft Learn:
 * "Configure table relationship cascading behavior",
 * https://learn.microsoft.com/power-apps/developer/data-platform/configure-entity-relationship-cascading-behavior).
 * Merge takes Cascade or NoCascade only.
 */
export interface CascadeConfiguration {
  Assign: string;
  Delete: string;
  Merge: 'Cascade' | 'NoCascade';
  Reparent: string;
  Share: string;
  Unshare: string;
}

/** A new relationship's cascade where the request gives none (Dataverse's defaults). */
export const DEFAULT_CASCADE: CascadeConfiguration = {
  Assign: 'NoCascade',
  Delete: 'RemoveLink',
  Merge: 'NoCascade',
  Reparent: 'NoCascade',
  Share: 'NoCascade',
  Unshare: 'NoCascade',
};

/**
 * The cascade of a lookup's relationship at start. The portal's lookups as crm:provision makes
 * them: Delete RemoveLink, Merge Cascade to a contact or an account. The system ones as
 * Dataverse has them ("Account table/entity reference" and "Contact table/entity reference",
 * https://learn.microsoft.com/power-apps/developer/data-platform/reference/entities/account and
 * …/contact): a contact's company is parental to an account (contact_customer_accounts: Cascade
 * for every action, so deleting an account deletes its contacts) and to a contact
 * (contact_customer_contacts: the same but Delete RemoveLink); masterid (contact_master_contact,
 * account_master_account) has Delete RemoveLink and nothing else, so a merge never moves along it.
 */
function cascadeOf(column: string, referenced: string): CascadeConfiguration {
  if (column === 'parentcustomerid') {
    return {
      Assign: 'Cascade',
      Delete: referenced === 'account' ? 'Cascade' : 'RemoveLink',
      Merge: 'Cascade',
      Reparent: 'Cascade',
      Share: 'Cascade',
      Unshare: 'Cascade',
    };
  }
  const toCustomer = referenced === 'contact' || referenced === 'account';
  return {
    ...DEFAULT_CASCADE,
    Merge: column !== 'masterid' && toCustomer ? 'Cascade' : 'NoCascade',
  };
}

/** A row of `publishers` or `solutions` (Dataverse's own tables for solution components). */
export type Row = Record<string, unknown>;

export interface MetadataState {
  tables: Map<string, TableMeta>;
  relationships: RelationshipMeta[];
  optionSets: Map<string, OptionSet>;
  publishers: Row[];
  solutions: Row[];
  /** Solution components: MetadataId -> solution uniquename. */
  components: Map<string, string>;
}

export function labelOf(text: string): LabelJson {
  return {
    LocalizedLabels: [
      { Label: text, LanguageCode: 1031 },
      { Label: text, LanguageCode: 1033 },
    ],
  };
}

const TYPES: Record<Column['kind'], [string, string]> = {
  string: ['String', 'StringType'],
  boolean: ['Boolean', 'BooleanType'],
  date: ['DateTime', 'DateTimeType'],
  choice: ['Picklist', 'PicklistType'],
  choices: ['Virtual', 'MultiSelectPicklistType'],
  state: ['State', 'StateType'],
  integer: ['Status', 'StatusType'],
  system: ['DateTime', 'DateTimeType'],
  lookup: ['Lookup', 'LookupType'],
};

export function attribute(
  logicalName: string,
  type: string,
  typeName: string,
  custom: boolean,
): AttributeMeta {
  return {
    metadataId: randomUUID(),
    logicalName,
    schemaName: logicalName,
    type,
    typeName,
    displayName: labelOf(logicalName),
    isCustom: custom,
  };
}

/** The columns every table has: key, state, status, created and modified on, version. */
export function standardAttributes(logicalName: string, key: string, custom: boolean) {
  const id = attribute(key, 'Uniqueidentifier', 'UniqueidentifierType', custom);
  id.isPrimaryId = true;
  return [
    id,
    attribute('statecode', 'State', 'StateType', false),
    attribute('statuscode', 'Status', 'StatusType', false),
    attribute('createdon', 'DateTime', 'DateTimeType', false),
    attribute('modifiedon', 'DateTime', 'DateTimeType', false),
    attribute('versionnumber', 'BigInt', 'BigIntType', false),
  ];
}

const SYSTEM_TYPES: Record<string, [string, string]> = {
  fullname: ['String', 'StringType'],
  versionnumber: ['BigInt', 'BigIntType'],
};

/** The words of the stand-in's own names as a maker types them: `pp_accountid` -> `AccountId`. */
const WORDS: Record<string, string> = {
  accountid: 'AccountId',
  contactid: 'ContactId',
  locationid: 'LocationId',
  locationassignment: 'LocationAssignment',
};

/**
 * The SchemaName of one of the portal's names with a publisher prefix written `schemaPrefix`
 * (`PP` gives `PP_AccountId`); its logical name stays all lower case. A custom lookup's
 * navigation property is named as its SchemaName ("Web API Navigation properties",
 * https://learn.microsoft.com/power-apps/developer/data-platform/webapi/web-api-navigation-properties).
 */
export function schemaNameOf(logicalName: string, schemaPrefix: string | undefined): string {
  if (!schemaPrefix || !logicalName.startsWith('pp_')) return logicalName;
  const rest = logicalName.slice('pp_'.length);
  return `${schemaPrefix}_${WORDS[rest] ?? rest.charAt(0).toUpperCase() + rest.slice(1)}`;
}

function tableOf(
  entity: EntitySet,
  portal: boolean,
  state: MetadataState,
  schemaPrefix: string | undefined,
): TableMeta | undefined {
  const custom = entity.logicalName.startsWith('pp_');
  if (custom && !portal) return undefined;
  const attributes = new Map<string, AttributeMeta>();
  for (const meta of standardAttributes(entity.logicalName, entity.key, custom)) {
    attributes.set(meta.logicalName, meta);
  }
  for (const [name, column] of Object.entries(entity.columns)) {
    const own = name.startsWith('pp_');
    if (own && !portal) continue;
    const [type, typeName] = SYSTEM_TYPES[name] ?? TYPES[column.kind];
    const meta = attribute(name, type, typeName, own);
    meta.schemaName = schemaNameOf(name, schemaPrefix);
    if (column.kind === 'choice' || column.kind === 'choices') meta.optionSet = column.optionSet;
    if (column.kind === 'date') meta.format = 'DateOnly';
    if (column.kind === 'lookup') {
      const target = ENTITY_SETS.find((e) => e.set === column.target)!.logicalName;
      // parentcustomerid is a Customer lookup: account or contact.
      const customer = name === 'parentcustomerid';
      meta.type = customer ? 'Customer' : 'Lookup';
      meta.typeName = customer ? 'CustomerType' : 'LookupType';
      meta.targets = customer ? ['account', 'contact'] : [target];
      for (const referenced of meta.targets) {
        state.relationships.push({
          metadataId: stableGuid(`relationship:${entity.logicalName}:${name}:${referenced}`),
          schemaName: customer
            ? `${entity.logicalName}_customer_${referenced}s`
            : name === 'masterid'
              ? `${entity.logicalName}_master_${referenced}`
              : `pp_${referenced.replace(/^pp_/, '')}_${entity.logicalName}_${name.replace(/^pp_/, '')}`,
          referencedEntity: referenced,
          referencedAttribute: `${referenced}id`,
          referencingEntity: entity.logicalName,
          referencingAttribute: name,
          navigation: customer
            ? `${name}_${referenced}`
            : !own
              ? column.navigation
              : schemaPrefix
                ? meta.schemaName
                : column.navigation,
          isCustom: own,
          cascade: cascadeOf(name, referenced),
        });
      }
    }
    attributes.set(name, meta);
  }
  const primaryName =
    entity.logicalName === 'contact'
      ? 'fullname'
      : entity.logicalName === 'account'
        ? 'name'
        : 'pp_name';
  const display = entity.logicalName.replace(/^pp_/, '');
  return {
    metadataId: stableGuid(`entity:${entity.logicalName}`),
    logicalName: entity.logicalName,
    schemaName: custom
      ? schemaNameOf(entity.logicalName, schemaPrefix)
      : display.charAt(0).toUpperCase() + display.slice(1),
    entitySetName: entity.set,
    primaryIdAttribute: entity.key,
    // The stand-in's pp_memberships and pp_locationassignments hold no name column.
    primaryNameAttribute: attributes.has(primaryName) ? primaryName : null,
    displayName: labelOf(display),
    displayCollectionName: labelOf(`${display}s`),
    description: labelOf(''),
    ownershipType: custom ? 'OrganizationOwned' : 'UserOwned',
    isCustom: custom,
    changeTracking: portal,
    hasNotes: !custom,
    hasActivities: !custom,
    attributes,
  };
}

export const DEFAULT_PUBLISHER_ID = stableGuid('publisher:default');
export const PORTAL_PUBLISHER_ID = stableGuid('publisher:pp');

/**
 * The definitions at start. `portalSolution` false removes the `pp_` option sets from the shared
 * map too, so that `GlobalOptionSetDefinitions` no longer lists them. `schemaPrefix` (`PP`, `Pp`)
 * writes the publisher prefix of the portal's schema names in that case, as a maker may have.
 */
export function initialMetadata(
  optionSets: Map<string, OptionSet>,
  portalSolution: boolean,
  schemaPrefix?: string,
): MetadataState {
  if (schemaPrefix !== undefined && schemaPrefix.toLowerCase() !== 'pp') {
    throw new Error(
      `schemaPrefix must be the prefix pp in some case (PP, Pp), not ${schemaPrefix}`,
    );
  }
  const state: MetadataState = {
    tables: new Map(),
    relationships: [],
    optionSets,
    publishers: [
      {
        publisherid: DEFAULT_PUBLISHER_ID,
        uniquename: 'DefaultPublisher',
        friendlyname: 'Default Publisher',
        customizationprefix: 'new',
        customizationoptionvalueprefix: 10000,
      },
    ],
    solutions: [
      {
        solutionid: stableGuid('solution:default'),
        uniquename: 'Default',
        friendlyname: 'Default Solution',
        version: '1.0',
        _publisherid_value: DEFAULT_PUBLISHER_ID,
      },
    ],
    components: new Map(),
  };
  if (!portalSolution) {
    for (const name of [...optionSets.keys()]) if (name.startsWith('pp_')) optionSets.delete(name);
  } else {
    state.publishers.push({
      publisherid: PORTAL_PUBLISHER_ID,
      uniquename: 'ppportalpublisher',
      friendlyname: 'Practice Portal publisher',
      customizationprefix: 'pp',
      customizationoptionvalueprefix: 10000,
    });
    state.solutions.push({
      solutionid: stableGuid('solution:PracticePortal'),
      uniquename: 'PracticePortal',
      friendlyname: 'Practice Portal',
      version: '1.0.0.0',
      _publisherid_value: PORTAL_PUBLISHER_ID,
    });
  }
  for (const entity of ENTITY_SETS) {
    const table = tableOf(entity, portalSolution, state, schemaPrefix);
    if (table) state.tables.set(table.logicalName, table);
  }
  return state;
}
