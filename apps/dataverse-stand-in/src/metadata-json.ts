import { errors } from './errors.ts';
import type { AttributeMeta, LabelJson, RelationshipMeta, TableMeta } from './metadata-model.ts';

// Table, column and relationship definitions as the Web API answers them: EntityMetadata,
// AttributeMetadata and its derived types, OneToManyRelationshipMetadata
// (https://learn.microsoft.com/power-apps/developer/data-platform/webapi/reference/entitymetadata,
// …/attributemetadata, …/onetomanyrelationshipmetadata), with `$select` as in
// "Query table definitions using the Web API"
// (https://learn.microsoft.com/power-apps/developer/data-platform/webapi/query-metadata-web-api).

type Json = Record<string, unknown>;

export function labelJson(label: LabelJson) {
  const localized = label.LocalizedLabels.map((entry) => ({
    '@odata.type': '#Microsoft.Dynamics.CRM.LocalizedLabel',
    Label: entry.Label,
    LanguageCode: entry.LanguageCode,
    IsManaged: false,
  }));
  return {
    LocalizedLabels: localized,
    UserLocalizedLabel:
      localized.find((entry) => entry.LanguageCode === 1033) ?? localized[0] ?? null,
  };
}

const managed = (value: boolean, name: string) => ({
  Value: value,
  CanBeChanged: true,
  ManagedPropertyLogicalName: name,
});

export function tableJson(table: TableMeta): Json {
  return {
    MetadataId: table.metadataId,
    LogicalName: table.logicalName,
    SchemaName: table.schemaName,
    EntitySetName: table.entitySetName,
    LogicalCollectionName: table.entitySetName,
    PrimaryIdAttribute: table.primaryIdAttribute,
    PrimaryNameAttribute: table.primaryNameAttribute,
    DisplayName: labelJson(table.displayName),
    DisplayCollectionName: labelJson(table.displayCollectionName),
    Description: labelJson(table.description),
    OwnershipType: table.ownershipType,
    IsCustomEntity: table.isCustom,
    IsManaged: false,
    IsActivity: false,
    HasNotes: table.hasNotes,
    HasActivities: table.hasActivities,
    ChangeTrackingEnabled: table.changeTracking,
    IsCustomizable: managed(true, 'iscustomizable'),
  };
}

export const ATTRIBUTE_TYPES: Record<string, string> = {
  String: 'StringAttributeMetadata',
  Memo: 'MemoAttributeMetadata',
  Boolean: 'BooleanAttributeMetadata',
  DateTime: 'DateTimeAttributeMetadata',
  Picklist: 'PicklistAttributeMetadata',
  Virtual: 'MultiSelectPicklistAttributeMetadata',
  Lookup: 'LookupAttributeMetadata',
  Customer: 'LookupAttributeMetadata',
  State: 'StateAttributeMetadata',
  Status: 'StatusAttributeMetadata',
  Uniqueidentifier: 'UniqueIdentifierAttributeMetadata',
  BigInt: 'BigIntAttributeMetadata',
  Integer: 'IntegerAttributeMetadata',
};

/** The derived type's name (`PicklistAttributeMetadata`). */
export function castOf(attribute: AttributeMeta): string {
  return ATTRIBUTE_TYPES[attribute.type] ?? 'AttributeMetadata';
}

export function attributeJson(attribute: AttributeMeta, entity: string): Json {
  const json: Json = {
    '@odata.type': `#Microsoft.Dynamics.CRM.${castOf(attribute)}`,
    MetadataId: attribute.metadataId,
    LogicalName: attribute.logicalName,
    SchemaName: attribute.schemaName,
    EntityLogicalName: entity,
    AttributeType: attribute.type,
    AttributeTypeName: { Value: attribute.typeName },
    DisplayName: labelJson(attribute.displayName),
    IsCustomAttribute: attribute.isCustom,
    IsPrimaryId: attribute.isPrimaryId ?? false,
    IsPrimaryName: attribute.isPrimaryName ?? false,
    RequiredLevel: {
      Value: 'None',
      CanBeChanged: true,
      ManagedPropertyLogicalName: 'canmodifyrequirementlevelsettings',
    },
  };
  if (attribute.format) {
    json.Format = attribute.format;
    json.DateTimeBehavior = { Value: attribute.format === 'DateOnly' ? 'DateOnly' : 'UserLocal' };
  }
  if (attribute.targets) json.Targets = attribute.targets;
  return json;
}

export function relationshipJson(relationship: RelationshipMeta): Json {
  return {
    '@odata.type': '#Microsoft.Dynamics.CRM.OneToManyRelationshipMetadata',
    MetadataId: relationship.metadataId,
    SchemaName: relationship.schemaName,
    RelationshipType: 'OneToManyRelationship',
    IsCustomRelationship: relationship.isCustom,
    IsManaged: false,
    ReferencedEntity: relationship.referencedEntity,
    ReferencedAttribute: relationship.referencedAttribute,
    ReferencingEntity: relationship.referencingEntity,
    ReferencingAttribute: relationship.referencingAttribute,
    ReferencingEntityNavigationPropertyName: relationship.navigation,
    ReferencedEntityNavigationPropertyName: relationship.schemaName,
    CascadeConfiguration: { ...relationship.cascade },
  };
}

/**
 * `$select`: only the named properties (and `@odata.type`, MetadataId, which the Web API always
 * returns). A name the type does not have answers 400, as Dataverse does.
 */
export function selected(json: Json, select: string[] | undefined, type: string): Json {
  if (!select) return json;
  for (const name of select) {
    if (!(name in json)) throw errors.unknownProperty(name, type);
  }
  return Object.fromEntries(
    Object.entries(json).filter(
      ([name]) => name === '@odata.type' || name === 'MetadataId' || select.includes(name),
    ),
  );
}
