import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PICKLIST_NAMES } from '@pp/contract';
import { z } from 'zod';
import { CRM_FIELDS, CRM_REFERENCES } from '../fields.ts';
import { CRM_ENTITIES, type CrmEntity } from '../crm-client.ts';

// Which Dataverse table and column holds each of the portal's fields, and how a value
// translates. The default (`default-mapping.json`, described in README.md beside it) follows the
// tables of the stand-in; an operator whose tables differ points DATAVERSE_MAPPING_FILE at a
// copy. It is checked at start, so that a wrong column name stops the api with a message naming
// the file and the field instead of failing each sync.

/** A Dataverse logical name: letters, digits and underscores (Web API property names). */
const logicalName = z
  .string({ error: 'must be a Dataverse logical name' })
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'must be a Dataverse logical name (a-z, 0-9, _)' });
/** A free note, the way JSON Schema keeps comments in JSON. */
const note = { $comment: z.string().optional() };

const textField = z.strictObject({ ...note, kind: z.literal('text'), column: logicalName });
/** Date only (`YYYY-MM-DD`): Dataverse's DateOnly behaviour answers and takes that form. */
const dateField = z.strictObject({ ...note, kind: z.literal('date'), column: logicalName });
const booleanField = z.strictObject({ ...note, kind: z.literal('boolean'), column: logicalName });
/**
 * A choice column: either bound to a global option set (whose options' ExternalValue are the
 * portal's codes) or a local choice whose values this file lists (code -> integer).
 */
const choiceField = z
  .strictObject({
    ...note,
    kind: z.literal('choice'),
    column: logicalName,
    optionSet: logicalName.optional(),
    options: z.record(z.string().min(1), z.int().min(0)).optional(),
  })
  .refine((field) => (field.optionSet === undefined) !== (field.options === undefined), {
    error: 'needs either "optionSet" (a global option set) or "options" (a local choice)',
    path: ['optionSet'],
  });
/** A multi-select choice column: the Web API's value is "100000000,100000002" or null. */
const multichoiceField = z.strictObject({
  ...note,
  kind: z.literal('multichoice'),
  column: logicalName,
  optionSet: logicalName,
});
/**
 * A lookup: read as `_<column>_value`, written as `<navigation>@odata.bind: "/<target>(<id>)"`.
 * The navigation property's name is case-sensitive (`pp_AccountId`); left out, it is read from
 * the environment's metadata (`navigation.ts`); given, it is used as it is and `crm:check` (and
 * the start) compare it with the metadata. `targetTable` (logical name) is for polymorphic
 * lookups such as `parentcustomerid`: a value pointing at another table is read as empty.
 */
const lookupField = z.strictObject({
  ...note,
  kind: z.literal('lookup'),
  column: logicalName,
  navigation: logicalName.optional(),
  target: logicalName,
  targetTable: logicalName.optional(),
});
/**
 * A country typed as free text (`address1_country`: "Deutschland", "Germany", "AT"): read as the
 * ISO code its German or English name or code gives, or none (`../countries.ts`); written as the code.
 */
const countryField = z.strictObject({ ...note, kind: z.literal('country'), column: logicalName });
/** `statecode`: 0 is the portal's `enabled`, 1 its `disabled`. */
const stateField = z.strictObject({ ...note, kind: z.literal('state'), column: logicalName });

const fieldSchema = z.discriminatedUnion(
  'kind',
  [
    textField,
    dateField,
    booleanField,
    choiceField,
    multichoiceField,
    lookupField,
    stateField,
    countryField,
  ],
  { error: 'needs "kind": text, date, boolean, choice, multichoice, lookup, state or country' },
);

const entitySchema = z.strictObject({
  ...note,
  entitySet: logicalName,
  primaryKey: logicalName,
  /**
   * The record's state (`statecode`) where no field holds it: a record whose state is not 0
   * (Active) is read as removed, so that the portal keeps no mirror of it (an inactive contact,
   * a merged one among them: docs/product.md §1).
   */
  stateColumn: logicalName.optional(),
  /**
   * The lookup to the record an inactive one was merged into (`masterid`): the portal's record
   * of a merged contact then follows the master instead of going (docs/product.md §1).
   */
  masterColumn: logicalName.optional(),
  fields: z.record(z.string(), fieldSchema),
});

const mappingSchema = z
  .strictObject({
    ...note,
    picklists: z.strictObject({
      ...note,
      ...(Object.fromEntries(PICKLIST_NAMES.map((name) => [name, logicalName])) as Record<
        (typeof PICKLIST_NAMES)[number],
        typeof logicalName
      >),
    }),
    entities: z.strictObject(
      Object.fromEntries(CRM_ENTITIES.map((entity) => [entity, entitySchema])) as Record<
        CrmEntity,
        typeof entitySchema
      >,
    ),
  })
  .superRefine((mapping, context) => {
    for (const entity of CRM_ENTITIES) {
      const known: readonly string[] = CRM_FIELDS[entity];
      for (const [field, spec] of Object.entries(mapping.entities[entity].fields)) {
        const path = ['entities', entity, 'fields', field];
        if (!known.includes(field)) {
          context.addIssue({
            code: 'custom',
            path,
            message: `is not a field of the portal's ${entity} (${known.join(', ')})`,
          });
          continue;
        }
        const pointsTo = CRM_REFERENCES[field];
        if ((spec.kind === 'lookup') !== (pointsTo !== undefined)) {
          context.addIssue({
            code: 'custom',
            path: [...path, 'kind'],
            message: pointsTo ? 'must be "lookup": the field is a reference' : 'cannot be "lookup"',
          });
        } else if (spec.kind === 'lookup' && pointsTo) {
          const expected = mapping.entities[pointsTo].entitySet;
          if (spec.target !== expected) {
            context.addIssue({
              code: 'custom',
              path: [...path, 'target'],
              message: `must be "${expected}", the entity set of the ${pointsTo}`,
            });
          }
        }
      }
    }
  });

export type DataverseMapping = z.infer<typeof mappingSchema>;
export type EntityMapping = DataverseMapping['entities'][CrmEntity];
export type FieldMapping = z.infer<typeof fieldSchema>;

const DEFAULT_MAPPING_FILE = fileURLToPath(new URL('./default-mapping.json', import.meta.url));

/** Checks a parsed mapping; the error names `source` and the field that is wrong. */
export function parseMapping(json: unknown, source: string): DataverseMapping {
  const result = mappingSchema.safeParse(json);
  if (result.success) return result.data;
  const issues = result.error.issues.map(
    (issue) => `${issue.path.map(String).join('.') || '(top level)'}: ${issue.message}`,
  );
  throw new Error(`The Dataverse mapping ${source} is not valid: ${issues.join('; ')}`);
}

/**
 * The mapping in `file` (DATAVERSE_MAPPING_FILE), or the default when none is named. Throws an
 * Error whose message names the file and, for a wrong entry, the field.
 */
export function loadMapping(file?: string): DataverseMapping {
  const source = file ?? DEFAULT_MAPPING_FILE;
  let text: string;
  try {
    text = readFileSync(source, 'utf8');
  } catch (error) {
    throw new Error(`The Dataverse mapping ${source} cannot be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`The Dataverse mapping ${source} is not JSON: ${(error as Error).message}`);
  }
  return parseMapping(json, source);
}
