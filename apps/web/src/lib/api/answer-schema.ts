/**
 * The browser's check of an api answer: the contract's response schema as JSON Schema, compiled
 * into the build in place of the zod schema, so the first screen carries no schema library
 * (decision 0091, `apps/web/build/compiled-answers.ts`). It understands exactly the keywords the
 * build lets through (`ANSWER_KEYWORDS`) and answers like zod's `safeParse`: the value with only
 * the properties the contract names (an api newer than this tab may send more), or the issues.
 */

export interface AnswerJsonSchema {
  $ref?: string;
  $defs?: Record<string, AnswerJsonSchema>;
  type?: string | string[];
  anyOf?: AnswerJsonSchema[];
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  items?: AnswerJsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, AnswerJsonSchema>;
  required?: string[];
  additionalProperties?: boolean | AnswerJsonSchema;
  propertyNames?: AnswerJsonSchema;
}

/** Every keyword the check knows; the build refuses a schema with any other. */
export const ANSWER_KEYWORDS = new Set([
  '$ref',
  '$defs',
  'type',
  'anyOf',
  'const',
  'enum',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
]);

/**
 * The patterns zod writes for its string formats, exactly; the build leaves such a pattern out
 * of each schema and keeps only the format's name, which this checks by the same pattern.
 */
export const FORMAT_PATTERNS: Record<string, string> = {
  // `z.guid()`'s: ids are any GUID, as the CRM makes them (`IdSchema`); no `z.uuid()` is left.
  uuid: '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$',
  date: '^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))$',
  'date-time':
    '^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|([+-](?:[01]\\d|2[0-3]):[0-5]\\d)))$',
};

export interface AnswerIssue {
  path: (string | number)[];
  message: string;
}

export type AnswerCheck<T = unknown> =
  { success: true; data: T } | { success: false; error: { issues: AnswerIssue[] } };

const patterns = new Map<string, RegExp>();
const pattern = (source: string) => {
  let compiled = patterns.get(source);
  if (!compiled) patterns.set(source, (compiled = new RegExp(source)));
  return compiled;
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeOf(value) === type;
}

const FAILED = Symbol('failed');
type Checked = unknown;

/** The checked value (objects copied with the named properties only), or FAILED with issues. */
function check(
  schema: AnswerJsonSchema,
  root: AnswerJsonSchema,
  value: unknown,
  path: (string | number)[],
  issues: AnswerIssue[],
): Checked | typeof FAILED {
  const fail = (message: string) => {
    issues.push({ path, message });
    return FAILED;
  };
  if (schema.$ref !== undefined) {
    const name = schema.$ref.replace(/^#\/\$defs\//, '');
    const target = root.$defs?.[name];
    if (!target) return fail(`unknown reference ${schema.$ref}`);
    return check(target, root, value, path, issues);
  }
  if (schema.anyOf) {
    const tried: AnswerIssue[] = [];
    for (const option of schema.anyOf) {
      const result = check(option, root, value, path, tried);
      if (result !== FAILED) return result;
    }
    return fail(`matches none of ${schema.anyOf.length} options`);
  }
  if ('const' in schema && value !== schema.const) return fail(`expected ${String(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value as never)) return fail('not one of the values');
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => hasType(value, type))) {
      return fail(`expected ${types.join(' or ')}, got ${typeOf(value)}`);
    }
  }
  if (typeof value === 'string') {
    const source = schema.pattern ?? (schema.format && FORMAT_PATTERNS[schema.format]);
    if (source && !pattern(source).test(value)) {
      return fail(schema.format ? `not a ${schema.format}` : 'does not match its pattern');
    }
    return value;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return fail('too small');
    if (schema.maximum !== undefined && value > schema.maximum) return fail('too large');
    return value;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return fail('too few');
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return fail('too many');
    if (!schema.items) return value;
    const items: unknown[] = [];
    let failed = false;
    // By index: a hole in the array is an item that is missing, not one to skip.
    for (let index = 0; index < value.length; index += 1) {
      const result = check(schema.items, root, value[index], [...path, index], issues);
      if (result === FAILED) failed = true;
      else items.push(result);
    }
    return failed ? FAILED : items;
  }
  if (typeOf(value) === 'object') {
    const record = value as Record<string, unknown>;
    const properties = schema.properties ?? {};
    const out: Record<string, unknown> = {};
    let failed = false;
    for (const name of schema.required ?? []) {
      if (!Object.hasOwn(record, name) || record[name] === undefined) {
        issues.push({ path: [...path, name], message: 'required' });
        failed = true;
      }
    }
    for (const [name, item] of Object.entries(record)) {
      const named = Object.hasOwn(properties, name) ? properties[name] : undefined;
      const extra = schema.additionalProperties;
      const itemSchema = named ?? (typeof extra === 'object' ? extra : undefined);
      if (!itemSchema) continue; // not in the contract: left out, as zod's objects do
      if (!named && schema.propertyNames) {
        if (check(schema.propertyNames, root, name, [...path, name], issues) === FAILED) {
          failed = true;
          continue;
        }
      }
      if (item === undefined) continue;
      const result = check(itemSchema, root, item, [...path, name], issues);
      if (result === FAILED) failed = true;
      // A property, even one named `__proto__`, never the object's prototype.
      else Object.defineProperty(out, name, { value: result, enumerable: true, writable: true });
    }
    return failed ? FAILED : out;
  }
  return value;
}

/** A response schema in the browser: `safeParse` like zod's, from the schema's JSON Schema. */
export function answerSchema(schema: AnswerJsonSchema) {
  return {
    safeParse<T = unknown>(value: unknown): AnswerCheck<T> {
      const issues: AnswerIssue[] = [];
      const result = check(schema, schema, value, [], issues);
      return result === FAILED
        ? { success: false, error: { issues } }
        : { success: true, data: result as T };
    },
  };
}
