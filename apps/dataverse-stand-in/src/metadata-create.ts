import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { errors } from './errors.ts';
import {
  attribute,
  labelOf,
  standardAttributes,
  type AttributeMeta,
  type LabelJson,
  type MetadataState,
  type TableMeta,
} from './metadata-model.ts';
import type { Option } from './option-sets.ts';

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
// - POST GlobalOptionSetDefinitions: "Create and update choices (option sets) using the Web API"
//   (…/webapi/create-update-optionsets): a null Value takes the publisher's option value prefix.
// - POST RelationshipDefinitions: "Create and update table relationships using the Web API"
//   (…/webapi/create-update-entity-relationships-using-web-api): OneToManyRelationshipMetadata
//   with a Lookup (LookupAttributeMetadata) for the referencing table.
// - MSCRM.SolutionUniqueName adds what is created to that unmanaged solution; its publisher's
//   prefix is the one names must carry. Answers: 204 with OData-EntityId.

type Json = Record<string, unknown>;
type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

function object(body: unknown, what: string): Json {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw errors.badRequest(`The request body must be a JSON object (${what}).`);
  }
  return body as Json;
}

function text(json: Json, name: string, type: string): string {
  const value = json[name];
  if (typeof value !== 'string' || !value.trim()) {
    throw errors.badRequest(`${type}.${name} is required.`);
  }
  return value;
}

function label(json: Json, name: string, type: string): LabelJson {
  const value = json[name] as { LocalizedLabels?: unknown } | undefined;
  const labels = value?.LocalizedLabels;
  if (
    !Array.isArray(labels) ||
    labels.length === 0 ||
    !labels.every(
      (l: { Label?: unknown; LanguageCode?: unknown }) =>
        typeof l?.Label === 'string' && Number.isInteger(l.LanguageCode),
    )
  ) {
    throw errors.badRequest(
      `${type}.${name} must be a Label with LocalizedLabels (Label and LanguageCode).`,
    );
  }
  return { LocalizedLabels: labels as LabelJson['LocalizedLabels'] };
}

function typeIs(json: Json, expected: string): boolean {
  return (
    String(json['@odata.type'] ?? '').replace(/^#/, '') === `Microsoft.Dynamics.CRM.${expected}`
  );
}

function textOf(labelJson: LabelJson, language: number): string {
  const labels = labelJson.LocalizedLabels;
  return (labels.find((l) => l.LanguageCode === language) ?? labels[0])?.Label ?? '';
}

const created = (location: string): Answer => ({
  status: 204,
  headers: { 'odata-entityid': location },
});

export function createDefinitions(state: MetadataState) {
  /** The publisher of the named solution, or of any, when no solution is named. */
  function publisherFor(solution: string | undefined): Json[] {
    if (solution === undefined) return state.publishers;
    const row = state.solutions.find((s) => s.uniquename === solution);
    if (!row) throw errors.badRequest(`The solution '${solution}' does not exist.`);
    return state.publishers.filter((p) => p.publisherid === row._publisherid_value);
  }

  function checkPrefix(name: string, solution: string | undefined, type: string) {
    const publishers = publisherFor(solution);
    if (!publishers.some((p) => name.startsWith(`${String(p.customizationprefix)}_`))) {
      const prefixes = publishers.map((p) => `${String(p.customizationprefix)}_`).join(', ');
      throw errors.badRequest(
        `${type}.SchemaName '${name}' must begin with the customization prefix of the solution's publisher (${prefixes}).`,
      );
    }
    return publishers[0]!;
  }

  function remember(id: string, solution: string | undefined) {
    if (solution) state.components.set(id, solution);
  }

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
      const json = object(body, 'OptionSetMetadata');
      if (!typeIs(json, 'OptionSetMetadata')) {
        throw errors.badRequest(
          'The @odata.type must be Microsoft.Dynamics.CRM.OptionSetMetadata.',
        );
      }
      const name = text(json, 'Name', 'OptionSetMetadata');
      const publisher = checkPrefix(name, solution, 'OptionSetMetadata');
      if (state.optionSets.has(name))
        throw errors.badRequest(`An option set named ${name} already exists.`);
      if (json.IsGlobal !== true)
        throw errors.badRequest('OptionSetMetadata.IsGlobal must be true here.');
      if (json.OptionSetType !== undefined && json.OptionSetType !== 'Picklist') {
        throw errors.badRequest('OptionSetMetadata.OptionSetType must be Picklist.');
      }
      const displayName = label(json, 'DisplayName', 'OptionSetMetadata');
      const metadataId = randomUUID();
      state.optionSets.set(name, {
        name,
        metadataId,
        global: true,
        displayDe: textOf(displayName, 1031),
        displayEn: textOf(displayName, 1033),
        options: optionsOf(json, Number(publisher.customizationoptionvalueprefix)),
      });
      remember(metadataId, solution);
      return created(`${base}/GlobalOptionSetDefinitions(${metadataId})`);
    },

    relationship(body: unknown, solution: string | undefined, base: string): Answer {
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
    },

    /** POST publishers / solutions (rows of Dataverse's own tables). */
    row(kind: 'publishers' | 'solutions', body: unknown, base: string): Answer {
      const json = object(body, kind);
      const type = kind.slice(0, -1);
      const uniquename = text(json, 'uniquename', type);
      text(json, 'friendlyname', type);
      if (state[kind].some((row) => row.uniquename === uniquename)) throw errors.exists();
      const id = randomUUID();
      if (kind === 'publishers') {
        const prefix = text(json, 'customizationprefix', type);
        // Two to eight letters or digits, beginning with a letter, not "mscrm".
        if (!/^[a-z][a-z0-9]{1,7}$/.test(prefix) || prefix.startsWith('mscrm')) {
          throw errors.invalidValue(
            'customizationprefix must be 2 to 8 letters or digits, beginning with a letter, and not mscrm.',
          );
        }
        const optionPrefix = json.customizationoptionvalueprefix;
        if (
          !Number.isInteger(optionPrefix) ||
          (optionPrefix as number) < 10000 ||
          (optionPrefix as number) > 99999
        ) {
          throw errors.invalidValue(
            'customizationoptionvalueprefix must be a whole number from 10000 to 99999.',
          );
        }
        state.publishers.push({ ...json, publisherid: id });
      } else {
        text(json, 'version', type);
        const bind = /^\/?publishers\(([0-9a-f-]{36})\)$/i.exec(
          String(json['publisherid@odata.bind'] ?? ''),
        );
        const publisher = state.publishers.find((p) => p.publisherid === bind?.[1]?.toLowerCase());
        if (!publisher)
          throw errors.badRequest('publisherid@odata.bind must name an existing publisher.');
        const { 'publisherid@odata.bind': _bound, ...rest } = json;
        void _bound;
        state.solutions.push({
          ...rest,
          solutionid: id,
          _publisherid_value: publisher.publisherid,
        });
      }
      return created(`${base}/${kind}(${id})`);
    },
  };
}

/** Options of an OptionSetMetadata body; a null Value takes the next one of the prefix. */
function optionsOf(json: Json, optionValuePrefix: number): Option[] {
  const given = Array.isArray(json.Options) ? (json.Options as Json[]) : [];
  const options: Option[] = [];
  let next = optionValuePrefix * 10_000;
  for (const option of given) {
    const labelJson = label(option, 'Label', 'OptionMetadata');
    let value = option.Value;
    if (value === null || value === undefined) {
      while (options.some((o) => o.value === next)) next++;
      value = next;
    }
    if (!Number.isInteger(value))
      throw errors.badRequest('OptionMetadata.Value must be a whole number or null.');
    if (options.some((o) => o.value === value)) {
      throw errors.badRequest(`The option value ${String(value)} is used twice.`);
    }
    const external = option.ExternalValue;
    options.push({
      value: value as number,
      externalValue: typeof external === 'string' && external ? external : null,
      labelDe: textOf(labelJson, 1031),
      labelEn: textOf(labelJson, 1033),
    });
  }
  return options;
}
