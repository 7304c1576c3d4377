import { randomUUID } from 'node:crypto';
import { errors } from './errors.ts';
import {
  created,
  label,
  object,
  text,
  typeIs,
  type Answer,
  type CreateContext,
  type Json,
} from './metadata-create-common.ts';
import { attribute } from './metadata-model.ts';

// POST RelationshipDefinitions: "Create and update table relationships using the Web API"
// (https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-update-entity-relationships-using-web-api):
// OneToManyRelationshipMetadata with a Lookup (LookupAttributeMetadata) for the referencing table.

export function createRelationship(
  context: CreateContext,
  body: unknown,
  solution: string | undefined,
  base: string,
): Answer {
  const { state, checkPrefix, remember } = context;
  const json = object(body, 'OneToManyRelationshipMetadata');
  if (!typeIs(json, 'OneToManyRelationshipMetadata')) {
    throw errors.badRequest(
      'The @odata.type must be Microsoft.Dynamics.CRM.OneToManyRelationshipMetadata.',
    );
  }
  const schemaName = text(json, 'SchemaName', 'OneToManyRelationshipMetadata');
  checkPrefix(schemaName, solution, 'OneToManyRelationshipMetadata');
  if (state.relationships.some((r) => r.schemaName === schemaName)) {
    throw errors.badRequest(`A relationship named ${schemaName} already exists.`);
  }
  const referenced = state.tables.get(
    text(json, 'ReferencedEntity', 'OneToManyRelationshipMetadata'),
  );
  const referencing = state.tables.get(
    text(json, 'ReferencingEntity', 'OneToManyRelationshipMetadata'),
  );
  if (!referenced || !referencing)
    throw errors.badRequest('ReferencedEntity and ReferencingEntity must be tables.');
  if (
    json.ReferencedAttribute !== undefined &&
    json.ReferencedAttribute !== referenced.primaryIdAttribute
  ) {
    throw errors.badRequest(`ReferencedAttribute must be ${referenced.primaryIdAttribute}.`);
  }
  const lookup = json.Lookup as Json | undefined;
  if (!lookup || !typeIs(lookup, 'LookupAttributeMetadata')) {
    throw errors.badRequest(
      'OneToManyRelationshipMetadata.Lookup must be a LookupAttributeMetadata.',
    );
  }
  const lookupName = text(lookup, 'SchemaName', 'LookupAttributeMetadata');
  checkPrefix(lookupName, solution, 'LookupAttributeMetadata');
  const logicalName = lookupName.toLowerCase();
  if (referencing.attributes.has(logicalName)) {
    throw errors.badRequest(
      `An attribute named ${logicalName} already exists on ${referencing.logicalName}.`,
    );
  }
  const meta = attribute(logicalName, 'Lookup', 'LookupType', true);
  meta.schemaName = lookupName;
  meta.displayName = label(lookup, 'DisplayName', 'LookupAttributeMetadata');
  meta.targets = [referenced.logicalName];
  referencing.attributes.set(logicalName, meta);
  const metadataId = randomUUID();
  const navigation = json.ReferencingEntityNavigationPropertyName;
  state.relationships.push({
    metadataId,
    schemaName,
    referencedEntity: referenced.logicalName,
    referencedAttribute: referenced.primaryIdAttribute,
    referencingEntity: referencing.logicalName,
    referencingAttribute: logicalName,
    // A custom lookup's navigation property is named as its SchemaName unless given.
    navigation: typeof navigation === 'string' && navigation ? navigation : lookupName,
    isCustom: true,
  });
  remember(metadataId, solution);
  remember(meta.metadataId, solution);
  return created(`${base}/RelationshipDefinitions(${metadataId})`);
}
