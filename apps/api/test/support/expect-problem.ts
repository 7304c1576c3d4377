import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { PROBLEM_CONTENT_TYPE, ProblemSchema, type Problem } from '@pp/contract';

/** Asserts an RFC 9457 problem answer with this status and code; returns the parsed body. */
export function expectProblem(
  response: LightMyRequestResponse,
  status: number,
  code: string,
): Problem {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
  const body = ProblemSchema.strict().parse(response.json());
  expect(body).toMatchObject({ status, code });
  return body;
}

/** The `Authorization` header of a bearer token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
