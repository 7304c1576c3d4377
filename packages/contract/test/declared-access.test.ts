import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { IdSchema } from '../src/customer.ts';
import {
  ACCESS_TARGETS,
  defineCall,
  type CallDefinition,
  type ParameterPath,
} from '../src/call.ts';
import * as calls from '../src/calls/index.ts';
import { MEMBERSHIP_ROLES } from '../src/codes.ts';

const allCalls: [string, CallDefinition][] = Object.entries(calls);

/** The schema of `query.x` / `body.x` of a call, if the call has such a field. */
function fieldSchema(call: CallDefinition, from: string): z.ZodType | undefined {
  const [part, field = ''] = from.split('.', 2);
  const schema = part === 'query' ? call.querystring : part === 'body' ? call.body : undefined;
  if (!(schema instanceof z.ZodObject)) return undefined;
  const shape: Record<string, z.ZodType> = schema.shape;
  return shape[field];
}

const Declaration = z.union([
  z.enum(['anyone', 'token', 'api-scope', 'customer']),
  z.strictObject({
    practice: z.strictObject({
      from: z.string().regex(/^(query|body)\.[A-Za-z]+$/),
      target: z.enum(ACCESS_TARGETS).optional(),
      role: z.enum(MEMBERSHIP_ROLES),
      orSelf: z
        .string()
        .regex(/^(query|body)\.[A-Za-z]+$/)
        .optional(),
      whileDisabled: z.literal('allowed').optional(),
      withoutSecondFactor: z.literal('allowed').optional(),
    }),
  }),
]);

describe('every call of the contract', () => {
  it('is found', () => {
    expect(allCalls.length).toBeGreaterThanOrEqual(11);
  });

  it.each(allCalls)('%s declares who may use it', (_name, call) => {
    expect(Declaration.safeParse(call.access).success).toBe(true);
  });

  const practiceCalls = allCalls.flatMap(([name, call]) =>
    typeof call.access === 'object' ? [[name, call, call.access.practice.from] as const] : [],
  );
  it.each(practiceCalls)(
    '%s names its practice by a required id of its request',
    (_name, call, from) => {
      const schema = fieldSchema(call, from);
      expect(schema, `${from} is not a field of the call`).toBeDefined();
      expect(schema?.safeParse(undefined).success).toBe(false);
      expect(schema?.safeParse('00000000-0000-4000-8000-000000000001').success).toBe(true);
      expect(schema?.safeParse('not-an-id').success).toBe(false);
    },
  );

  const selfCalls = allCalls.flatMap(([name, call]) =>
    typeof call.access === 'object' && call.access.practice.orSelf
      ? [[name, call, call.access.practice.orSelf] as const]
      : [],
  );
  it.each(selfCalls)(
    '%s names the person it acts on by an id of its request',
    (_name, call, from) => {
      const schema = fieldSchema(call, from);
      expect(schema, `${from} is not a field of the call`).toBeDefined();
      expect(schema?.safeParse('00000000-0000-4000-8000-000000000001').success).toBe(true);
      expect(schema?.safeParse('not-an-id').success).toBe(false);
    },
  );

  it('has a unique method and path', () => {
    const routes = allCalls.map(([, call]) => `${call.method} ${call.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });
});

describe('a practice declaration', () => {
  it('can only name fields the request has (checked by the compiler)', () => {
    const query = z.strictObject({ companyId: IdSchema });
    expectTypeOf<ParameterPath<typeof query, undefined>>().toEqualTypeOf<'query.companyId'>();
    const call = defineCall({
      method: 'GET',
      path: '/Test/Typo',
      tag: 'Test',
      summary: 'a typo in the practice parameter',
      // @ts-expect-error -- `companyld` is not a field of the query
      access: { practice: { from: 'query.companyld', role: 'admin' } },
      querystring: query,
      response: z.boolean(),
    });
    expect(Declaration.safeParse(call.access).success).toBe(true);
  });
});
