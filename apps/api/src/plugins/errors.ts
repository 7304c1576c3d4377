import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, FieldErrorCode, PROBLEM_CONTENT_TYPE, type FieldError } from '@pp/contract';
import { ApiError, problem } from '../lib/problem.ts';

interface ZodLikeIssue {
  code: string;
  path: PropertyKey[];
  input?: unknown;
  keys?: string[];
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

/** Maps one zod issue to our field errors (an unknown-keys issue names each key). */
export function fieldErrorsOf(context: string, issue: ZodLikeIssue): FieldError[] {
  const base = [context, ...issue.path.map(String)].filter(Boolean).join('.');
  switch (issue.code) {
    case 'unrecognized_keys':
      return (issue.keys ?? []).map((key) => ({
        field: `${base}.${key}`,
        code: FieldErrorCode.unknownField,
      }));
    case 'invalid_type':
      return [
        {
          field: base,
          code: issue.input === undefined ? FieldErrorCode.required : FieldErrorCode.invalidType,
        },
      ];
    case 'too_small':
      return [
        {
          field: base,
          code: FieldErrorCode.tooShort,
          ...(issue.minimum !== undefined ? { params: { minimum: Number(issue.minimum) } } : {}),
        },
      ];
    case 'too_big':
      return [
        {
          field: base,
          code: FieldErrorCode.tooLong,
          ...(issue.maximum !== undefined ? { params: { maximum: Number(issue.maximum) } } : {}),
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

function toProblem(error: FastifyError | ApiError | Error) {
  if (error instanceof ApiError) return problem(error.status, error.code, error.errors);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.flatMap((v) =>
      fieldErrorsOf(error.validationContext ?? 'body', v.params.issue as ZodLikeIssue),
    );
    return problem(400, ErrorCode.validation, errors);
  }
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return problem(413, ErrorCode.payloadTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return problem(415, ErrorCode.unsupportedMediaType);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return problem(400, ErrorCode.validation, [{ field: 'body', code: FieldErrorCode.invalid }]);
  }
  if (fastifyError.statusCode === 429) return problem(429, ErrorCode.rateLimited);
  if (
    fastifyError.statusCode !== undefined &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    // Malformed JSON and other client errors raised by Fastify itself.
    return problem(400, ErrorCode.validation, [{ field: 'body', code: FieldErrorCode.invalid }]);
  }
  return problem(500, ErrorCode.internal);
}

/** One error handler for the whole api: RFC 9457 bodies, never internals on 5xx. */
export function sendNotFound(reply: FastifyReply) {
  return reply.code(404).type(PROBLEM_CONTENT_TYPE).send(problem(404, ErrorCode.notFound));
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
      const body = toProblem(error);
      if (body.status >= 500) {
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
