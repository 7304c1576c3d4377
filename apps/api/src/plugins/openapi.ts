import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_BASE } from '@pp/contract';

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
      transformObject: jsonSchemaTransformObject,
      hideUntagged: true,
    });
    app.get(`${API_BASE}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
