import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { strictObject, type z } from 'zod';
import {
  API_BASE,
  needsToken,
  ProblemSchema,
  type CallAccess,
  type CallDefinition,
  type FileMediaType,
} from '@pp/contract';
import { controlCharacterErrors } from '../lib/http/control-characters.ts';
import type { CustomerRow } from '../lib/customers/linked-customer.ts';
import { ApiError } from '../lib/http/problem.ts';
import type { PracticeMembership } from '../lib/authorization/memberships.ts';
import type { LocationRow } from '../lib/locations/location.ts';
import type { AccountLimit } from '../plugins/write-limit.ts';

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

const NO_PARAMETERS = strictObject({});

/** What the declared access guarantees on the request by the time the handler runs. */
type Granted<A> = A extends 'customer'
  ? { customer: CustomerRow }
  : A extends { practice: { target: 'location' } }
    ? { customer: CustomerRow; membership: PracticeMembership; location: LocationRow }
    : A extends { practice: unknown }
      ? { customer: CustomerRow; membership: PracticeMembership }
      : unknown;

export type CallRequest<C extends CallDefinition> =
  C extends CallDefinition<infer Q, infer B>
    ? FastifyRequest & { query: Infer<Q>; body: Infer<B> } & Granted<C['access']>
    : never;

/** What a call that answers a file returns: the file's name and its bytes as they come. */
export interface FileAnswer {
  fileName: string;
  body: Readable;
}

type Answer<C extends CallDefinition> = C['produces'] extends FileMediaType
  ? FileAnswer
  : z.infer<C['response']>;

export type CallHandler<C extends CallDefinition> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<Answer<C>>;

export interface CallOptions {
  /** Per-route rate limit per client address; counters are shared by all instances. */
  rateLimit?: { max: number; timeWindow: number };
  /** A stricter limit per account than every write's (decision 0050), for a call that needs it. */
  accountLimit?: AccountLimit;
}

const ACCESS_TEXT = {
  anyone: 'Anyone, without an access token.',
  token: 'Any valid access token.',
  'api-scope': "A valid access token with the api's scope.",
  customer: 'A signed-in customer.',
} as const;

/** Who may call, in the OpenAPI document's description of the operation. */
function describeAccess(access: CallAccess): string {
  if (typeof access === 'string') return `Access: ${ACCESS_TEXT[access]}`;
  const { role, from, target = 'practice', orSelf } = access.practice;
  const whose = target === 'practice' ? 'the practice' : `the practice of the ${target}`;
  const self = orSelf ? `, or any member of it when \`${orSelf}\` names the caller themself` : '';
  return `Access: ${role} (or more) of ${whose} named by \`${from}\`${self}; another practice answers 404 like a random id, a smaller role 403.`;
}

/** A file answer: streamed and saved under its name (every api answer is `no-store` already). */
function sendFile(reply: FastifyReply, mediaType: FileMediaType, file: FileAnswer) {
  return reply
    .header('content-type', `${mediaType}; charset=utf-8`)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.body);
}

/**
 * Registers a call of the contract: its declared access is enforced before the handler (the
 * token before the body is read, so an anonymous caller learns nothing but 401; the customer and
 * the membership after validation), its schemas validate the request (unknown fields rejected),
 * serialise the answer (undeclared fields stripped) and document it in the OpenAPI document.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options: CallOptions = {},
): void {
  const { access } = call;
  const scope = access === 'api-scope' ? app.config.oidc.apiScope : undefined;
  const countForAccount = options.accountLimit
    ? app.accountCounter('account-call', options.accountLimit)
    : undefined;
  const routeOptions: RouteShorthandOptions = {
    schema: {
      tags: [call.tag],
      summary: call.summary,
      operationId: call.path.slice(1).replace(/[^A-Za-z0-9]+/g, '_'),
      description: describeAccess(access),
      // A call without parameters refuses any, as bodies refuse unknown fields.
      querystring: call.querystring ?? NO_PARAMETERS,
      ...(call.body ? { body: call.body } : {}),
      response: {
        [call.successStatus ?? 200]: call.produces
          ? { description: call.summary, content: { [call.produces]: { schema: call.response } } }
          : call.response,
        '4XX': ProblemSchema,
        '5XX': ProblemSchema,
      },
      security: needsToken(call) ? [{ bearer: [] }] : [],
    },
    // (The rate limit, where a call has one, counts in `onRequest`, before this.) Every write
    // also counts against its account's limit (decision 0050).
    ...(needsToken(call)
      ? {
          preParsing: async (request: FastifyRequest) => {
            await app.authenticate(request, scope);
            if (call.method !== 'GET') await app.countWrite(request);
            await countForAccount?.(request);
          },
        }
      : {}),
    // Before validation: no field, known or not, reaches a handler with a control character.
    preValidation: async (request: FastifyRequest) => {
      const errors = [
        ...controlCharacterErrors('query', request.query),
        ...controlCharacterErrors('body', request.body),
      ];
      if (errors.length > 0) throw ApiError.badRequest(errors);
    },
    preHandler: async (request: FastifyRequest) => app.authorize(request, access),
    config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: `${API_BASE}${call.path}`,
    ...routeOptions,
    handler: async (request, reply) => {
      // A HEAD of a file is authorized like its GET, but makes no file (nor its audit entry).
      if (call.produces && request.method === 'HEAD') {
        return reply.header('content-type', `${call.produces}; charset=utf-8`).send();
      }
      // The hooks above have set what `Granted` promises.
      const result = await handler(request as CallRequest<C>, reply);
      if (call.successStatus) void reply.code(call.successStatus);
      if (call.produces) return sendFile(reply, call.produces, result as FileAnswer);
      return result;
    },
  });
}
