import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ErrorCode,
  FieldErrorCode,
  isFieldErrorCode,
  PROBLEM_CONTENT_TYPE,
  type Problem,
  type TypedFieldError,
} from '@pp/contract';
import {
  createOutageTracker,
  isDatabaseUnavailable,
  isPoolFull,
  OUTAGE_RETRY_AFTER_SECONDS,
  type OutageTracker,
} from '../lib/database/database-outage.ts';
import { ApiError, problem } from '../lib/http/problem.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the database is unreachable now; logs once per outage. */
    databaseOutage: OutageTracker;
  }
}

interface ZodLikeIssue {
  code: string;
  path: PropertyKey[];
  /** Whether the request had no value at the issue's path. */
  missing: boolean;
  keys?: string[];
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  /** A refinement's own field error code (the contract's `fieldError()`). */
  params?: { fieldError?: unknown };
}

/** Maps one zod issue to our field errors (an unknown-keys issue names each key). */
export function fieldErrorsOf(context: string, issue: ZodLikeIssue): TypedFieldError[] {
  const base = [context, ...issue.path.map(String)].filter(Boolean).join('.');
  const own = issue.params?.fieldError;
  if (isFieldErrorCode(own)) return [{ field: base, code: own }];
  switch (issue.code) {
    case 'unrecognized_keys':
      return (issue.keys ?? []).map((key) => ({
        field: `${base}.${key}`,
        code: FieldErrorCode.unknownField,
      }));
    case 'invalid_type':
      return [
        { field: base, code: issue.missing ? FieldErrorCode.required : FieldErrorCode.invalidType },
      ];
    case 'too_small':
      return [
        {
          field: base,
          code: FieldErrorCode.tooShort,
          ...(typeof issue.minimum === 'number' || typeof issue.minimum === 'bigint'
            ? { params: { minimum: Number(issue.minimum) } }
            : {}),
        },
      ];
    case 'too_big':
      return [
        {
          field: base,
          code: FieldErrorCode.tooLong,
          ...(typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint'
            ? { params: { maximum: Number(issue.maximum) } }
            : {}),
        },
      ];
    case 'invalid_format':
      return [
        {
          field: base,
          code: issue.format === 'email' ? FieldErrorCode.invalidEmail : FieldErrorCode.invalid,
        },
      ];
    default:
      return [{ field: base, code: FieldErrorCode.invalid }];
  }
}

/** Fastify's names of the request parts, as field errors name them (`query.practiceId`). */
const FIELD_CONTEXT: Record<string, { name: string; part: (r: FastifyRequest) => unknown }> = {
  body: { name: 'body', part: (r) => r.body },
  querystring: { name: 'query', part: (r) => r.query },
  params: { name: 'path', part: (r) => r.params },
  headers: { name: 'headers', part: (r) => r.headers },
};

function valueAt(root: unknown, path: string[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function validationProblem(error: FastifyError, request: FastifyRequest) {
  const context = FIELD_CONTEXT[error.validationContext ?? 'body'] ?? FIELD_CONTEXT['body']!;
  const data = context.part(request);
  const errors = (error.validation ?? []).flatMap((item) => {
    const path = item.instancePath.split('/').filter(Boolean);
    const params = item.params as Omit<ZodLikeIssue, 'code' | 'path' | 'missing'>;
    return fieldErrorsOf(context.name, {
      ...params,
      code: item.keyword,
      path,
      missing: valueAt(data, path) === undefined,
    });
  });
  return problem(400, ErrorCode.validation, errors);
}

/** Client errors Fastify and its plugins raise, by status. */
const CLIENT_ERRORS: Record<number, ErrorCode> = {
  401: ErrorCode.unauthenticated,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  409: ErrorCode.conflict,
  413: ErrorCode.payloadTooLarge,
  415: ErrorCode.unsupportedMediaType,
  429: ErrorCode.rateLimited,
};

function toProblem(error: FastifyError | ApiError | Error, request: FastifyRequest) {
  if (error instanceof ApiError) return problem(error.status, error.code, error.errors);
  if (isDatabaseUnavailable(error)) return problem(503, ErrorCode.unavailable);
  if (hasZodFastifySchemaValidationErrors(error)) return validationProblem(error, request);
  const status = (error as FastifyError).statusCode;
  if (status === 503) return problem(503, ErrorCode.unavailable);
  if (status === undefined || status < 400 || status >= 500)
    return problem(500, ErrorCode.internal);
  const code = CLIENT_ERRORS[status];
  if (code) return problem(status, code);
  // Malformed JSON, a bad Content-Length and other malformed requests.
  return problem(400, ErrorCode.validation, [{ field: 'body', code: FieldErrorCode.invalid }]);
}

/** The answer to a route that does not exist. */
export function sendNotFound(reply: FastifyReply) {
  return reply.code(404).type(PROBLEM_CONTENT_TYPE).send(problem(404, ErrorCode.notFound));
}

/**
 * One error handler for the whole api: RFC 9457 bodies with stable codes, never internals on
 * 5xx. It never throws itself: Fastify's fallback would answer with the error's message.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('databaseOutage', createOutageTracker());
    app.addHook('onResponse', (request, reply, done) => {
      if (app.databaseOutage.active && reply.statusCode < 500)
        app.databaseOutage.recovered(request.log);
      done();
    });
    app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
      let body: Problem;
      try {
        body = toProblem(error, request);
      } catch {
        body = problem(500, ErrorCode.internal);
      }
      if (isDatabaseUnavailable(error)) {
        request.server.databaseOutage.failed(
          request.log,
          isPoolFull(error) ? 'busy' : 'unreachable',
        );
        void reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
      } else if (body.status >= 500 && !(error instanceof ApiError)) {
        // An ApiError is a decision (503 while a dependency is away, logged where it was made).
        request.log.error({ err: error }, 'request failed');
      } else {
        request.log.info({ status: body.status, code: body.code }, 'request refused');
      }
      if (error instanceof ApiError && error.headers) void reply.headers(error.headers);
      return reply.code(body.status).type(PROBLEM_CONTENT_TYPE).send(body);
    });
  },
  { name: 'errors' },
);
