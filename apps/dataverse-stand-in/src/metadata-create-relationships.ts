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
import {
  attribute,
  DEFAULT_CASCADE,
  type CascadeConfiguration,
  type RelationshipMeta,
} from './metadata-model.ts';

// POST RelationshipDefinitions: "Create and update table relationships using the Web API"
// (https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-update-entity-relationships-using-web-api):
// OneToManyRelationshipMetadata with a Lookup (LookupAttributeMetadata) for the referencing table.
// Its CascadeConfiguration is kept, and a PUT of the definition changes it ("Update
// relationships" on the same page); the Merge action follows its Merge (`merge.ts`).

const CASCADE_ACTIONS = ['Assign', 'Delete', 'Merge', 'Reparent', 'Share', 'Unshare'] as const;

/**
 * The CascadeConfiguration of a request: the given actions over `base`. Delete takes Cascade,
 * RemoveLink or Restrict, Merge Cascade or NoCascade ("Configure table relationship cascading
 * behavior").
 */
function cascadeOf(json: Json, base: CascadeConfiguration): CascadeConfiguration {
  const given = json.CascadeConfiguration;
  if (given === undefined || given === null) return { ...base };
  if (typeof given !== 'object') throw errors.badRequest('CascadeConfiguration must be an object.');
  const cascade = { ...base };
  for (const action of CASCADE_ACTIONS) {
    const value = (given as Json)[action];
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      throw errors.badRequest(`CascadeConfiguration.${action} must be a CascadeType.`);
    }
    if (action === 'Delete' && !['Cascade', 'RemoveLink', 'Restrict'].includes(value)) {
      throw errors.badRequest(
        'CascadeConfiguration.Delete must be Cascade, RemoveLink or Restrict.',
      );
    }
    if (action === 'Merge') {
      if (value !== 'Cascade' && value !== 'NoCascade') {
        throw errors.badRequest('CascadeConfiguration.Merge must be Cascade or NoCascade.');
      }
      cascade.Merge = value;
    } else {
      cascade[action] = value;
    }
  }
  return cascade;
}

/** PUT RelationshipDefinitions(…): the definition again, of which the cascade is taken. */
export function updateRelationship(relationship: RelationshipMeta, body: unknown): Answer {
  const json = object(body, 'OneToManyRelationshipMetadata');
  if (json.SchemaName !== undefined && json.SchemaName !== relationship.schemaName) {
    throw errors.badRequest('The SchemaName of a relationship cannot be changed.');
  }
  relationship.cascade = cascadeOf(json, relationship.cascade);
  return { status: 204 };
}

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
  const cascade = cascadeOf(json, DEFAULT_CASCADE);
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
    cascade,
  });
  remember(metadataId, solution);
  remember(meta.metadataId, solution);
  return created(`${base}/RelationshipDefinitions(${metadataId})`);
}
