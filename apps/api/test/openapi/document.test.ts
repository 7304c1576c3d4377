import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calls, needsToken, type CallDefinition } from '@pp/contract';
import { createTestApp } from '../support/app.ts';
import { useApi } from '../support/context.ts';

const Parameter = z.object({
  name: z.string(),
  in: z.enum(['query', 'path', 'header', 'cookie']),
  required: z.boolean().optional(),
  schema: z.record(z.string(), z.unknown()),
});
const Operation = z.object({
  operationId: z.string(),
  tags: z.array(z.string()),
  summary: z.string(),
  security: z.array(z.record(z.string(), z.array(z.string()))),
  parameters: z.array(Parameter).optional(),
  responses: z.record(
    z.string(),
    z.object({
      description: z.string(),
      // JSON, or for a call that answers a file its media type (decision 0083).
      content: z.record(z.string(), z.object({ schema: z.record(z.string(), z.unknown()) })),
    }),
  ),
});
const OpenApiDocument = z.object({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.object({ title: z.string(), version: z.string() }),
  servers: z.array(z.object({ url: z.url() })).min(1),
  paths: z.record(z.string(), z.record(z.string(), Operation)),
  components: z.object({
    securitySchemes: z.object({
      bearer: z.object({ type: z.literal('http'), scheme: z.literal('bearer') }),
    }),
    schemas: z.record(z.string(), z.unknown()),
  }),
});
type OpenApiDocument = z.infer<typeof OpenApiDocument>;

/** Every `$ref` in the document, with where it occurs. */
function refsOf(node: unknown, at = '#'): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((item, i) => refsOf(item, `${at}/${i}`));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]): [string, string][] =>
    key === '$ref' && typeof value === 'string' ? [[value, at]] : refsOf(value, `${at}/${key}`),
  );
}

function resolve(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (node, key) =>
        typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[key]
          : undefined,
      document,
    );
}

function jsonTypeOf(schema: z.ZodType): string {
  if (schema instanceof z.ZodObject) return 'object';
  if (schema instanceof z.ZodArray) return 'array';
  if (schema instanceof z.ZodBoolean) return 'boolean';
  if (schema instanceof z.ZodString) return 'string';
  return 'unknown';
}

const allCalls: CallDefinition[] = Object.values(calls);
/** Registered only with ENABLE_TEST_ENDPOINTS. */
const testCalls: CallDefinition[] = [
  calls.atestUsers,
  calls.atestCreateUser,
  calls.atestExpireInvitations,
];

describe('the OpenAPI document', () => {
  const api = useApi();

  async function documentOf(app = api.app): Promise<OpenApiDocument> {
    const response = await app.inject({ url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    return OpenApiDocument.parse(response.json());
  }

  it('is OpenAPI 3.1 whose every $ref resolves and every named schema is used', async () => {
    const raw: unknown = (await api.app.inject({ url: '/api/v1/openapi.json' })).json();
    const document = await documentOf();
    const refs = refsOf(raw);
    expect(refs.length).toBeGreaterThan(0);
    for (const [ref, at] of refs) expect(resolve(raw, ref), `${ref} at ${at}`).toBeDefined();
    const used = new Set(refs.map(([ref]) => ref.replace('#/components/schemas/', '')));
    expect(Object.keys(document.components.schemas).sort()).toEqual([...used].sort());
  });

  it.each(
    allCalls
      .filter((call) => !testCalls.includes(call))
      .map((call) => [`${call.method} ${call.path}`, call] as const),
  )('documents %s with its parameters, answer and security', async (_name, call) => {
    const document = await documentOf();
    const operation = document.paths[call.path]?.[call.method.toLowerCase()];
    expect(operation, 'operation is documented').toBeDefined();
    expect(operation!.tags).toEqual([call.tag]);
    expect(operation!.summary).toBe(call.summary);
    expect(operation!.security).toEqual(needsToken(call) ? [{ bearer: [] }] : []);

    const query = call.querystring instanceof z.ZodObject ? call.querystring.shape : {};
    const parameters = (operation!.parameters ?? []).filter((p) => p.in === 'query');
    expect(parameters.map((p) => [p.name, p.required ?? false]).sort()).toEqual(
      Object.entries(query)
        .map(([name, schema]) => [name, !(schema as z.ZodType).safeParse(undefined).success])
        .sort(),
    );

    const success = operation!.responses[String(call.successStatus ?? 200)];
    expect(success, 'success answer is documented').toBeDefined();
    const mediaType = call.produces ?? 'application/json';
    expect(Object.keys(success!.content)).toEqual([mediaType]);
    const schema = success!.content[mediaType]!.schema;
    const resolved =
      typeof schema['$ref'] === 'string' ? resolve(document, schema['$ref']) : schema;
    expect(resolved).toMatchObject({ type: jsonTypeOf(call.response) });
    if (call.response instanceof z.ZodObject) {
      expect(Object.keys((resolved as { properties: object }).properties).sort()).toEqual(
        Object.keys(call.response.shape).sort(),
      );
    }
    for (const status of ['4XX', '5XX']) {
      expect(operation!.responses[status]?.content['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/Problem',
      });
    }
  });

  it('lists no other operations than the calls of the contract', async () => {
    const document = await documentOf();
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const declared = allCalls
      .filter((call) => !testCalls.includes(call))
      .map((call) => `${call.method} ${call.path}`);
    expect(documented.sort()).toEqual(declared.sort());
    expect(
      new Set(
        Object.values(document.paths).flatMap((ops) =>
          Object.values(ops).map((o) => o.operationId),
        ),
      ).size,
    ).toBe(declared.length);
  });

  it('documents the ATest calls only when test endpoints are on', async () => {
    const paths = Object.keys((await documentOf()).paths);
    for (const call of testCalls) expect(paths).not.toContain(call.path);
    const withTests = await createTestApp({
      database: api.db.database,
      issuer: api.issuer,
      embeddedProvider: true,
      env: { ENABLE_TEST_ENDPOINTS: 'true' },
    });
    try {
      const document = await documentOf(withTests);
      const operation = document.paths[calls.atestUsers.path]?.['get'];
      expect(operation?.parameters).toEqual([
        expect.objectContaining({ name: 'mail', in: 'query', required: false }),
      ]);
      const createUser = document.paths[calls.atestCreateUser.path]?.['post'];
      expect(createUser?.security).toEqual([]);
      expect(createUser?.responses['201']).toBeDefined();
    } finally {
      await withTests.close();
    }
  });
});
