import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { API_BASE, ProblemSchema, type CallDefinition } from '@pp/contract';

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export type CallRequest<C extends CallDefinition> =
  C extends CallDefinition<infer Q, infer B>
    ? FastifyRequest & { query: Infer<Q>; body: Infer<B> }
    : never;

export type CallHandler<C extends CallDefinition> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<z.infer<C['response']>>;

export interface CallOptions {
  /** Per-route rate limit; counters are shared by all instances. */
  rateLimit?: { max: number; timeWindow: number };
}

/**
 * Registers a call of the contract: its schemas validate the request (unknown fields rejected),
 * serialise the answer (undeclared fields stripped) and document it in the OpenAPI document.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options: CallOptions = {},
): void {
  const routeOptions: RouteShorthandOptions = {
    schema: {
      tags: [call.tag],
      summary: call.summary,
      operationId: call.path.slice(1).replace(/[^A-Za-z0-9]+/g, '_'),
      ...(call.querystring ? { querystring: call.querystring } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: {
        [call.successStatus ?? 200]: call.response,
        '4XX': ProblemSchema,
        '5XX': ProblemSchema,
      },
      ...(call.auth === 'bearer' ? { security: [{ bearer: [] }] } : { security: [] }),
    },
    // Before the body is parsed or validated: an anonymous caller learns nothing but 401.
    // (The rate limit, where a call has one, counts in `onRequest`, before this.)
    ...(call.auth === 'bearer'
      ? { preParsing: async (request: FastifyRequest) => app.authenticate(request) }
      : {}),
    config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: `${API_BASE}${call.path}`,
    ...routeOptions,
    handler: async (request, reply) => {
      const result = await handler(request as CallRequest<C>, reply);
      if (call.successStatus) void reply.code(call.successStatus);
      return result;
    },
  });
}
