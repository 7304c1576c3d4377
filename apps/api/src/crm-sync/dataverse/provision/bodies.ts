import type { DesiredColumn, DesiredLookup, DesiredOptionSet, DesiredTable } from './desired.ts';

// The Web API bodies that create the portal's metadata, as Microsoft Learn shows them:
// - tables: "Create and update table definitions using the Web API",
//   https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-update-entity-definitions-using-web-api
// - columns: "Create and update column definitions using the Web API",
//   https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-update-column-definitions-using-web-api
// - choices: "Create and update choices (option sets) using the Web API",
//   https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-update-optionsets
// - lookups: "Create and update table relationships using the Web API",
//   https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-update-entity-relationships-using-web-api
// SchemaNames are the logical names themselves (all lower case), except a lookup's when the
// mapping names its navigation property: a custom lookup's navigation property is its
// SchemaName, so `pp_AccountId` there gives the lookup that SchemaName. The client reads the
// navigation names from the metadata either way (`../navigation.ts`).

const GERMAN = 1031;
const ENGLISH = 1033;

/** A Label with the text in German and English (an environment's base language is one of them). */
export function label(de: string, en: string = de) {
  return {
    '@odata.type': 'Microsoft.Dynamics.CRM.Label',
    LocalizedLabels: [
      { '@odata.type': 'Microsoft.Dynamics.CRM.LocalizedLabel', Label: de, LanguageCode: GERMAN },
      { '@odata.type': 'Microsoft.Dynamics.CRM.LocalizedLabel', Label: en, LanguageCode: ENGLISH },
    ],
  };
}

/** `pp_postalcode` -> `Postalcode`, `pp_locationassignment` -> `Locationassignment`. */
export function displayOf(logicalName: string): string {
  const bare = logicalName.replace(/^[a-z0-9]+_/, '');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

const notRequired = {
  Value: 'None',
  CanBeChanged: true,
  ManagedPropertyLogicalName: 'canmodifyrequirementlevelsettings',
};

export function publisherBody(prefix: string, optionValuePrefix: number) {
  return {
    uniquename: `${prefix}portalpublisher`,
    friendlyname: 'Practice Portal publisher',
    description: "Publisher of the Practice Portal's tables",
    customizationprefix: prefix,
    customizationoptionvalueprefix: optionValuePrefix,
  };
}

export function solutionBody(uniqueName: string, publisherId: string) {
  return {
    uniquename: uniqueName,
    friendlyname: 'Practice Portal',
    description: "The Practice Portal's tables, columns and choices (npm run crm:provision)",
    version: '1.0.0.0',
    'publisherid@odata.bind': `/publishers(${publisherId})`,
  };
}

export function optionSetBody(set: DesiredOptionSet, optionValuePrefix: number) {
  return {
    '@odata.type': 'Microsoft.Dynamics.CRM.OptionSetMetadata',
    Name: set.name,
    DisplayName: label(displayOf(set.name)),
    IsGlobal: true,
    OptionSetType: 'Picklist',
    Options: set.options.map((option, index) => ({
      Value: optionValuePrefix * 10_000 + index,
      ExternalValue: option.code,
      Label: label(option.labelDe, option.labelEn),
    })),
  };
}

function stringColumn(column: string, primary = false) {
  return {
    '@odata.type': 'Microsoft.Dynamics.CRM.StringAttributeMetadata',
    AttributeType: 'String',
    AttributeTypeName: { Value: 'StringType' },
    SchemaName: column,
    DisplayName: label(displayOf(column)),
    RequiredLevel: notRequired,
    MaxLength: 200,
    FormatName: { Value: 'Text' },
    ...(primary ? { IsPrimaryName: true } : {}),
  };
}

/** A custom table with `pp_name` as its primary name column, and change tracking on. */
export function tableBody(table: DesiredTable) {
  const display = displayOf(table.logicalName);
  return {
    '@odata.type': 'Microsoft.Dynamics.CRM.EntityMetadata',
    SchemaName: table.logicalName,
    DisplayName: label(display),
    DisplayCollectionName: label(`${display}s`),
    Description: label(`Practice Portal: ${display}`),
    OwnershipType: 'OrganizationOwned',
    HasActivities: false,
    HasNotes: false,
    IsActivity: false,
    ChangeTrackingEnabled: true,
    Attributes: [stringColumn(primaryNameOf(table), true)],
  };
}

/** The primary name column a new table gets: a name column of the mapping, or `<prefix>_name`. */
export function primaryNameOf(table: DesiredTable): string {
  const prefix = table.logicalName.split('_')[0]!;
  return `${prefix}_name`;
}

/** The body of a column; `optionSetId` gives a global option set's MetadataId. */
export function columnBody(column: DesiredColumn, optionSetId: (name: string) => string) {
  const base = {
    SchemaName: column.column,
    DisplayName: label(displayOf(column.column)),
    RequiredLevel: notRequired,
  };
  switch (column.kind) {
    case 'text':
      return stringColumn(column.column);
    case 'date':
      return {
        '@odata.type': 'Microsoft.Dynamics.CRM.DateTimeAttributeMetadata',
        AttributeType: 'DateTime',
        AttributeTypeName: { Value: 'DateTimeType' },
        ...base,
        Format: 'DateOnly',
        DateTimeBehavior: { Value: 'DateOnly' },
      };
    case 'boolean':
      return {
        '@odata.type': 'Microsoft.Dynamics.CRM.BooleanAttributeMetadata',
        AttributeType: 'Boolean',
        AttributeTypeName: { Value: 'BooleanType' },
        ...base,
        DefaultValue: false,
        OptionSet: {
          '@odata.type': 'Microsoft.Dynamics.CRM.BooleanOptionSetMetadata',
          TrueOption: { Value: 1, Label: label('Ja', 'Yes') },
          FalseOption: { Value: 0, Label: label('Nein', 'No') },
          OptionSetType: 'Boolean',
        },
      };
    case 'choice':
      return {
        '@odata.type': 'Microsoft.Dynamics.CRM.PicklistAttributeMetadata',
        AttributeType: 'Picklist',
        AttributeTypeName: { Value: 'PicklistType' },
        ...base,
        'GlobalOptionSet@odata.bind': `/GlobalOptionSetDefinitions(${optionSetId(column.optionSet)})`,
      };
    case 'multichoice':
      return {
        '@odata.type': 'Microsoft.Dynamics.CRM.MultiSelectPicklistAttributeMetadata',
        AttributeType: 'Virtual',
        AttributeTypeName: { Value: 'MultiSelectPicklistType' },
        ...base,
        'GlobalOptionSet@odata.bind': `/GlobalOptionSetDefinitions(${optionSetId(column.optionSet)})`,
      };
    case 'localchoice':
      return {
        '@odata.type': 'Microsoft.Dynamics.CRM.PicklistAttributeMetadata',
        AttributeType: 'Picklist',
        AttributeTypeName: { Value: 'PicklistType' },
        ...base,
        OptionSet: {
          '@odata.type': 'Microsoft.Dynamics.CRM.OptionSetMetadata',
          IsGlobal: false,
          OptionSetType: 'Picklist',
          Options: Object.entries(column.options).map(([code, value]) => ({
            Value: value,
            Label: label(displayOf(`x_${code}`)),
          })),
        },
      };
  }
}

/**
 * The Merge cascade the portal's lookups need: Cascade to a contact or an account, so that a
 * merge in Dynamics moves the subordinate's memberships and location assignments to the master
 * (docs/product.md §1); NoCascade otherwise. Microsoft Learn: "Configure table relationship
 * cascading behavior" (https://learn.microsoft.com/power-apps/developer/data-platform/configure-entity-relationship-cascading-behavior)
 * and "CascadeConfiguration ComplexType" (https://learn.microsoft.com/power-apps/developer/data-platform/webapi/reference/cascadeconfiguration):
 * Merge takes Cascade or NoCascade only.
 */
export function mergeCascadeOf(lookup: DesiredLookup): 'Cascade' | 'NoCascade' {
  return lookup.referenced === 'contact' || lookup.referenced === 'account'
    ? 'Cascade'
    : 'NoCascade';
}

/** A one-to-many relationship whose lookup column is `lookup.column` on `referencing`. */
export function relationshipBody(referencing: string, lookup: DesiredLookup) {
  return {
    '@odata.type': 'Microsoft.Dynamics.CRM.OneToManyRelationshipMetadata',
    SchemaName: relationshipName(referencing, lookup),
    ReferencedEntity: lookup.referenced,
    ReferencedAttribute: `${lookup.referenced}id`,
    ReferencingEntity: referencing,
    ...(lookup.navigation ? { ReferencingEntityNavigationPropertyName: lookup.navigation } : {}),
    AssociatedMenuConfiguration: {
      Behavior: 'UseCollectionName',
      Group: 'Details',
      Label: label(displayOf(referencing)),
      Order: 10000,
    },
    CascadeConfiguration: {
      Assign: 'NoCascade',
      Delete: 'RemoveLink',
      Merge: mergeCascadeOf(lookup),
      Reparent: 'NoCascade',
      Share: 'NoCascade',
      Unshare: 'NoCascade',
    },
    Lookup: {
      '@odata.type': 'Microsoft.Dynamics.CRM.LookupAttributeMetadata',
      AttributeType: 'Lookup',
      AttributeTypeName: { Value: 'LookupType' },
      SchemaName: lookupSchemaName(lookup),
      DisplayName: label(displayOf(lookup.referenced)),
      RequiredLevel: notRequired,
    },
  };
}

/**
 * The SchemaName of a new lookup: the mapping's navigation name when it spells the column
 * (`pp_AccountId` for `pp_accountid`), since Dataverse names the navigation property by it;
 * else the column.
 */
export function lookupSchemaName(lookup: DesiredLookup): string {
  return lookup.navigation?.toLowerCase() === lookup.column ? lookup.navigation : lookup.column;
}

/** `pp_account_pp_location_pp_accountid`: the prefix, both tables and the lookup. */
export function relationshipName(referencing: string, lookup: DesiredLookup): string {
  const prefix = lookup.column.split('_')[0]!;
  const referenced = lookup.referenced.startsWith(`${prefix}_`)
    ? lookup.referenced.slice(prefix.length + 1)
    : lookup.referenced;
  return `${prefix}_${referenced}_${referencing}_${lookup.column.slice(prefix.length + 1)}`;
}
