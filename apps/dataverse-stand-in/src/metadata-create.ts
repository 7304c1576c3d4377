import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { errors } from './errors.ts';
import {
  createContext,
  created,
  label,
  object,
  text,
  textOf,
  typeIs,
  type Answer,
  type Json,
} from './metadata-create-common.ts';
import { createOptionSet, optionsOf } from './metadata-create-option-sets.ts';
import { createRelationship } from './metadata-create-relationships.ts';
import {
  attribute,
  labelOf,
  standardAttributes,
  type AttributeMeta,
  type LabelJson,
  type MetadataState,
  type TableMeta,
} from './metadata-model.ts';
import { createRow } from './metadata-rows.ts';

// Creating definitions, strictly as Microsoft Learn describes the requests:
// - POST EntityDefinitions: "Create and update table definitions using the Web API"
//   (https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-update-entity-definitions-using-web-api):
//   SchemaName with the publisher's customization prefix, DisplayName, DisplayCollectionName,
//   OwnershipType, HasActivities, HasNotes, and the primary name column (a String column with
//   IsPrimaryName) in Attributes; PUT replaces a definition (PATCH is not supported).
// - POST EntityDefinitions(…)/Attributes: "Create and update column definitions using the Web
//   API" (…/webapi/create-update-column-definitions-using-web-api); a choice binds a global
//   option set with `GlobalOptionSet@odata.bind` or brings its own OptionSet; lookups are made
//   with relationships, not here.
// - POST GlobalOptionSetDefinitions: `metadata-create-option-sets.ts`;
//   POST RelationshipDefinitions: `metadata-create-relationships.ts`;
//   POST publishers and solutions: `metadata-rows.ts`.
// - MSCRM.SolutionUniqueName adds what is created to that unmanaged solution; its publisher's
//   prefix is the one names must carry (`metadata-create-common.ts`). Answers: 204 with
//   OData-EntityId.

export function createDefinitions(state: MetadataState) {
  const context = createContext(state);
  const { publisherFor, checkPrefix, remember } = context;

  function newAttribute(table: TableMeta, json: Json, solution: string | undefined): AttributeMeta {
    const schemaName = text(json, 'SchemaName', 'AttributeMetadata');
    checkPrefix(schemaName, solution, 'AttributeMetadata');
    const logicalName = schemaName.toLowerCase();
    if (table.attributes.has(logicalName)) {
      throw errors.badRequest(
        `An attribute named ${logicalName} already exists on ${table.logicalName}.`,
      );
    }
    const displayName = label(json, 'DisplayName', 'AttributeMetadata');
    const kinds: Record<string, [string, string]> = {
      StringAttributeMetadata: ['String', 'StringType'],
      MemoAttributeMetadata: ['Memo', 'MemoType'],
      BooleanAttributeMetadata: ['Boolean', 'BooleanType'],
      DateTimeAttributeMetadata: ['DateTime', 'DateTimeType'],
      IntegerAttributeMetadata: ['Integer', 'IntegerType'],
      PicklistAttributeMetadata: ['Picklist', 'PicklistType'],
      MultiSelectPicklistAttributeMetadata: ['Virtual', 'MultiSelectPicklistType'],
    };
    const cast = Object.keys(kinds).find((name) => typeIs(json, name));
    if (typeIs(json, 'LookupAttributeMetadata')) {
      throw errors.badRequest(
        'A lookup column is created with its relationship: POST RelationshipDefinitions.',
      );
    }
    if (!cast)
      throw errors.badRequest(
        `The @odata.type '${String(json['@odata.type'])}' is not a column type.`,
      );
    const [type, typeName] = kinds[cast]!;
    const meta = attribute(logicalName, type, typeName, true);
    meta.schemaName = schemaName;
    meta.displayName = displayName;
    if (
      type === 'String' &&
      !(Number.isInteger(json.MaxLength) && (json.MaxLength as number) > 0)
    ) {
      throw errors.badRequest('StringAttributeMetadata.MaxLength is required.');
    }
    if (type === 'Boolean') {
      const set = json.OptionSet as Json | undefined;
      if (!set?.TrueOption || !set.FalseOption) {
        throw errors.badRequest(
          'BooleanAttributeMetadata.OptionSet needs TrueOption and FalseOption.',
        );
      }
    }
    if (type === 'DateTime') meta.format = json.Format === 'DateOnly' ? 'DateOnly' : 'DateAndTime';
    if (type === 'Picklist' || type === 'Virtual') {
      const bind = json['GlobalOptionSet@odata.bind'];
      const own = json.OptionSet as Json | undefined;
      if ((bind === undefined) === (own === undefined)) {
        throw errors.badRequest(`${cast} needs either GlobalOptionSet@odata.bind or an OptionSet.`);
      }
      if (typeof bind === 'string') {
        const key = /GlobalOptionSetDefinitions\((?:Name='([^']*)'|([0-9a-f-]{36}))\)$/i.exec(bind);
        const set = [...state.optionSets.values()].find(
          (s) => s.global && (s.name === key?.[1] || s.metadataId === key?.[2]?.toLowerCase()),
        );
        if (!set)
          throw errors.badRequest(`GlobalOptionSet@odata.bind: no global option set ${bind}.`);
        meta.optionSet = set.name;
      } else {
        const name = `${table.logicalName}_${logicalName}`;
        const publisher = publisherFor(solution)[0]!;
        state.optionSets.set(name, {
          name,
          metadataId: randomUUID(),
          global: false,
          displayDe: textOf(displayName, 1031),
          displayEn: textOf(displayName, 1033),
          options: optionsOf(own!, Number(publisher.customizationoptionvalueprefix)),
        });
        meta.optionSet = name;
      }
    }
    table.attributes.set(logicalName, meta);
    remember(meta.metadataId, solution);
    return meta;
  }

  return {
    table(body: unknown, solution: string | undefined, base: string): Answer {
      const json = object(body, 'EntityMetadata');
      if (json['@odata.type'] !== undefined && !typeIs(json, 'EntityMetadata')) {
        throw errors.badRequest('The @odata.type must be Microsoft.Dynamics.CRM.EntityMetadata.');
      }
      const schemaName = text(json, 'SchemaName', 'EntityMetadata');
      checkPrefix(schemaName, solution, 'EntityMetadata');
      const logicalName = schemaName.toLowerCase();
      if (state.tables.has(logicalName)) {
        throw errors.badRequest(`An entity with the name ${logicalName} already exists.`);
      }
      const displayName = label(json, 'DisplayName', 'EntityMetadata');
      const displayCollectionName = label(json, 'DisplayCollectionName', 'EntityMetadata');
      if (json.OwnershipType !== 'UserOwned' && json.OwnershipType !== 'OrganizationOwned') {
        throw errors.badRequest(
          'EntityMetadata.OwnershipType must be UserOwned or OrganizationOwned.',
        );
      }
      for (const name of ['HasActivities', 'HasNotes']) {
        if (typeof json[name] !== 'boolean')
          throw errors.badRequest(`EntityMetadata.${name} is required.`);
      }
      const attributes = Array.isArray(json.Attributes) ? (json.Attributes as Json[]) : [];
      const primary = attributes.filter((a) => a.IsPrimaryName === true);
      if (primary.length !== 1 || !typeIs(primary[0]!, 'StringAttributeMetadata')) {
        throw errors.badRequest(
          'EntityMetadata.Attributes must hold the primary name column: one StringAttributeMetadata with IsPrimaryName true.',
        );
      }
      const entitySetName = /(s|x|ch|sh)$/.test(logicalName)
        ? `${logicalName}es`
        : `${logicalName}s`;
      const table: TableMeta = {
        metadataId: randomUUID(),
        logicalName,
        schemaName,
        entitySetName,
        primaryIdAttribute: `${logicalName}id`,
        primaryNameAttribute: null,
        displayName,
        displayCollectionName,
        description: json.Description ? label(json, 'Description', 'EntityMetadata') : labelOf(''),
        ownershipType: json.OwnershipType,
        isCustom: true,
        changeTracking: json.ChangeTrackingEnabled === true,
        hasNotes: json.HasNotes as boolean,
        hasActivities: json.HasActivities as boolean,
        attributes: new Map(),
      };
      for (const meta of standardAttributes(logicalName, table.primaryIdAttribute, true)) {
        table.attributes.set(meta.logicalName, meta);
      }
      const name = newAttribute(table, primary[0]!, solution);
      name.isPrimaryName = true;
      table.primaryNameAttribute = name.logicalName;
      state.tables.set(logicalName, table);
      remember(table.metadataId, solution);
      return created(`${base}/EntityDefinitions(${table.metadataId})`);
    },

    /** PUT EntityDefinitions(…): the definition as given replaces the one there is. */
    update(table: TableMeta, body: unknown, headers: IncomingHttpHeaders): Answer {
      const json = object(body, 'EntityMetadata');
      if (json.LogicalName !== undefined && json.LogicalName !== table.logicalName) {
        throw errors.badRequest('EntityMetadata.LogicalName cannot be changed.');
      }
      text(json, 'SchemaName', 'EntityMetadata');
      const merge = headers['mscrm.mergelabels'] === 'true';
      const relabel = (name: string, current: LabelJson) => {
        if (json[name] === undefined) return current;
        const given = label(json, name, 'EntityMetadata');
        if (!merge) return given;
        const others = current.LocalizedLabels.filter(
          (l) => !given.LocalizedLabels.some((g) => g.LanguageCode === l.LanguageCode),
        );
        return { LocalizedLabels: [...others, ...given.LocalizedLabels] };
      };
      table.displayName = relabel('DisplayName', table.displayName);
      table.displayCollectionName = relabel('DisplayCollectionName', table.displayCollectionName);
      table.changeTracking = json.ChangeTrackingEnabled === true;
      if (typeof json.HasNotes === 'boolean') table.hasNotes = json.HasNotes;
      if (typeof json.HasActivities === 'boolean') table.hasActivities = json.HasActivities;
      const solution = headers['mscrm.solutionuniquename'];
      if (typeof solution === 'string') remember(table.metadataId, solution);
      return { status: 204 };
    },

    attribute(table: TableMeta, body: unknown, solution: string | undefined, base: string): Answer {
      const meta = newAttribute(table, object(body, 'AttributeMetadata'), solution);
      return created(
        `${base}/EntityDefinitions(${table.metadataId})/Attributes(${meta.metadataId})`,
      );
    },

    optionSet(body: unknown, solution: string | undefined, base: string): Answer {
      return createOptionSet(context, body, solution, base);
    },

    relationship(body: unknown, solution: string | undefined, base: string): Answer {
      return createRelationship(context, body, solution, base);
    },

    /** POST publishers / solutions (rows of Dataverse's own tables). */
    row(kind: 'publishers' | 'solutions', body: unknown, base: string): Answer {
      return createRow(state, kind, body, base);
    },
  };
}
