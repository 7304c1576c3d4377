import fc from 'fast-check';
import type { z } from 'zod';

/** Values nobody should send: control characters, lone surrogates, huge numbers, deep objects. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff\ud800',
    '\u202e',
    '\r\n',
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    'null',
    'x'.repeat(10_000),
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    -0,
    0.1,
    true,
    null,
    [],
    {},
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constant(
    JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}') as unknown,
  ),
  fc.constant(
    Array.from({ length: 60 }).reduce<unknown>((inner) => ({ deeper: inner }), { end: true }),
  ),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
);

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** A plausible value for a zod schema (zod 4's definitions), good enough to pass most checks. */
function plausible(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      if (def['format'] === 'uuid') return fc.uuid();
      if (def['format'] === 'email') return fc.emailAddress();
      if (def['format'] === 'date')
        return fc.constantFrom('1990-02-28', '2026-11-22', '1899-12-31');
      return fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('P-900001', '10115', 'FRAU', 'DENTIST'),
      );
    case 'number':
      return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.double());
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def['entries'] as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def['values'] as unknown[]));
    case 'array':
      return fc.array(plausible(def['element'] as z.ZodType), { maxLength: 4 });
    case 'object':
      return objectOf(schema);
    case 'optional':
    case 'nullable':
    case 'default':
      return fc.oneof(
        plausible(def['innerType'] as z.ZodType),
        fc.constant(null),
        fc.constant(undefined),
      );
    case 'pipe':
      return plausible(def['in'] as z.ZodType);
    default:
      return hostile;
  }
}

/** A value for each field (plausible or hostile, sometimes left out) and now and then a stranger. */
export function objectOf(schema: z.ZodType | undefined): fc.Arbitrary<Record<string, unknown>> {
  const shape = schema
    ? ((defOf(schema)['shape'] as Record<string, z.ZodType> | undefined) ?? {})
    : {};
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [
      key,
      fc.option(fc.oneof(plausible(field), hostile), { nil: undefined }),
    ]),
  );
  return fc
    .tuple(
      fc.record(fields),
      fc.dictionary(fc.constantFrom('__proto__', 'role', 'status', 'id', 'x'), hostile, {
        maxKeys: 2,
      }),
      fc.boolean(),
    )
    .map(([known, extra, withExtra]) => {
      const value: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(known)) if (v !== undefined) value[key] = v;
      if (withExtra) for (const [key, v] of Object.entries(extra)) value[key] = v;
      return value;
    });
}
