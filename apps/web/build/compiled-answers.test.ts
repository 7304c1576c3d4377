import { calls, ProblemSchema } from '@pp/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  answerSchema,
  FORMAT_PATTERNS,
  type AnswerJsonSchema,
} from '../src/lib/api/answer-schema.ts';
import { answerJsonSchema, compiledCallModule } from './compiled-answers.ts';

const callFiles = import.meta.glob('../../../packages/contract/src/calls/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const SAMPLES: Record<string, string> = {
  uuid: '3f1c2b7e-9a4d-4c1e-8f2a-1b2c3d4e5f60',
  date: '2024-02-29',
  'date-time': '2026-11-27T10:15:00.000Z',
};

/** A value the JSON Schema allows: every property, the first option, one item per array. */
function sample(schema: AnswerJsonSchema, root: AnswerJsonSchema): unknown {
  if (schema.$ref) return sample(root.$defs![schema.$ref.replace('#/$defs/', '')]!, root);
  if (schema.anyOf) return sample(schema.anyOf[0]!, root);
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string') {
    if (schema.format) return SAMPLES[schema.format];
    const texts = ['Praxis Müller', 'a1b2c3', 'DE', '12345'];
    return texts.find((text) => !schema.pattern || new RegExp(schema.pattern).test(text));
  }
  if (type === 'number' || type === 'integer') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (type === 'array') return schema.items ? [sample(schema.items, root)] : [];
  if (type === 'object') {
    const entries = Object.entries(schema.properties ?? {}).map(([name, item]) => [
      name,
      sample(item, root),
    ]);
    if (typeof schema.additionalProperties === 'object') {
      entries.push(['de', sample(schema.additionalProperties, root)]);
    }
    return Object.fromEntries(entries);
  }
  return {};
}

/** Each place in a value: its path and the value there. */
function places(value: unknown, path: (string | number)[] = []): [(string | number)[], unknown][] {
  const inner =
    value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, item]) =>
          places(item, [...path, Array.isArray(value) ? Number(key) : key]),
        )
      : [];
  return [[path, value], ...inner];
}

/** The value with the place at `path` replaced (or removed, for `undefined`). */
function changed(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (replacement === undefined) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

/** Values of another kind than `value`, each of which a check must refuse or accept like zod. */
const WRONG = (value: unknown) =>
  [42, 'x', null, true, [], {}, undefined, 1.5, -1].filter((other) => other !== value);

const answers: [string, z.ZodType][] = [
  ...Object.entries(calls).map(([name, call]) => [name, call.response] as [string, z.ZodType]),
  ['ProblemSchema', ProblemSchema],
];

describe('the compiled answers of the browser build (decision 0091)', () => {
  it('compile for every call of the contract and for the problem details', () => {
    expect(answers.length).toBeGreaterThan(50);
    for (const [name, schema] of answers) {
      expect(() => answerJsonSchema(name, { response: schema }), name).not.toThrow();
    }
  });

  it('accept what zod accepts and give the same value, for a full answer of every call', () => {
    for (const [name, schema] of answers) {
      const json = answerJsonSchema(name, { response: schema });
      const value = sample(json, json);
      const expected = schema.safeParse(value);
      expect(expected.success, `${name}: the sample itself`).toBe(true);
      expect(answerSchema(json).safeParse(value), name).toEqual({
        success: true,
        data: expected.data,
      });
    }
  });

  it('refuse what zod refuses: every place of every answer replaced by a value of another kind', () => {
    let compared = 0;
    for (const [name, schema] of answers) {
      const json = answerJsonSchema(name, { response: schema });
      const check = answerSchema(json);
      const value = sample(json, json);
      for (const [path] of places(value)) {
        for (const wrong of WRONG(value)) {
          const mutant = changed(value, path, wrong);
          compared += 1;
          expect(
            check.safeParse(mutant).success,
            `${name} at ${path.join('.')} = ${JSON.stringify(wrong)}`,
          ).toBe(schema.safeParse(mutant).success);
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('leave out properties the contract does not name, as zod does, even one called __proto__', () => {
    const json = answerJsonSchema('customerGetCustomerData', calls.customerGetCustomerData);
    const value = sample(json, json) as Record<string, unknown>;
    const newer = JSON.parse(
      JSON.stringify({ ...value, addedByANewerApi: 1 }).replace(
        /^\{/,
        '{"__proto__":{"admin":true},',
      ),
    ) as unknown;
    const checked = answerSchema(json).safeParse<Record<string, unknown>>(newer);
    expect(checked.success && Object.keys(checked.data)).toEqual(Object.keys(value));
    expect(checked.success && Object.getPrototypeOf(checked.data)).toBe(Object.prototype);
  });

  it('name the place of each fault', () => {
    const json = answerJsonSchema('customerGetCustomerData', calls.customerGetCustomerData);
    const value = sample(json, json) as { associatedCompanies: { companyVms: unknown[] } };
    const broken = changed(changed(value, ['email'], undefined), ['preferredLanguage'], 'fr');
    const result = answerSchema(json).safeParse(broken);
    expect(result.success).toBe(false);
    expect(!result.success && result.error.issues.map((issue) => issue.path.join('.'))).toEqual([
      'email',
      'preferredLanguage',
    ]);
  });

  it('check formats by exactly the patterns zod writes for them', () => {
    expect(Object.keys(FORMAT_PATTERNS).sort()).toEqual(['date', 'date-time', 'uuid']);
    const json = answerJsonSchema('customerGetCustomerData', calls.customerGetCustomerData);
    expect(JSON.stringify(json)).not.toContain('"pattern"');
    const value = sample(json, json);
    for (const id of ['not-a-uuid', '3f1c2b7e-9a4d-4c1e-8f2a-1b2c3d4e5f6']) {
      expect(answerSchema(json).safeParse(changed(value, ['customerId'], id)).success).toBe(false);
    }
  });

  it('replace every call file of the contract by its calls’ method, path, access and answer check', () => {
    const files = Object.entries(callFiles).filter(([file]) => !file.endsWith('/index.ts'));
    expect(files.length).toBeGreaterThan(10);
    let declared = 0;
    for (const [file, text] of files) {
      const source = String(text);
      const module = compiledCallModule(source, file);
      declared += source.match(/defineCall\(/g)?.length ?? 0;
      expect(module, file).not.toMatch(/\bzod\b|summary/);
      expect(module.match(/"access":/g)?.length, file).toBe(source.match(/\baccess:/g)?.length);
    }
    expect(declared).toBe(Object.keys(calls).length);
    expect(() => compiledCallModule('export const x = 1;', 'x.ts')).toThrow(/something else/);
  });
});
