import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_BASE } from '@pp/contract';

const SCHEMA_REF = '#/components/schemas/';

/**
 * Drops component schemas no operation refers to: the transform emits an input and an output
 * variant of every named schema, and most are only ever one of the two.
 */
export function withoutUnusedSchemas<T extends object>(document: T): T {
  const { components } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
        const name = value.slice(SCHEMA_REF.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else {
        visit(value);
      }
    }
  };
  visit({ ...document, components: { ...components, schemas: {} } });
  return {
    ...document,
    components: {
      ...components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  };
}

/** OpenAPI 3.1, generated from the same zod schemas that validate the calls. */
export const openapiPlugin = fp(
  async (app: FastifyInstance, options: { serverUrl: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Practice Portal API',
          version: '1.0.0',
          description:
            'Self-service api for staff of medical and dental practices. Errors are RFC 9457 problem bodies with a stable `code`.',
        },
        servers: [{ url: options.serverUrl }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: (input) => withoutUnusedSchemas(jsonSchemaTransformObject(input)),
      hideUntagged: true,
    });
    app.get(`${API_BASE}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
