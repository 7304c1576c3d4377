import { ErrorCode, ProblemSchema } from '@pp/contract';
import { ApiCallError } from './api-context.ts';

/** The api's refusal as an {@link ApiCallError}; a body that is no problem keeps only its status. */
export async function problemError(response: Response): Promise<ApiCallError> {
  const body: unknown = await response.json().catch(() => undefined);
  const problem = ProblemSchema.safeParse(body);
  if (problem.success) {
    return new ApiCallError(response.status, problem.data.code, problem.data.errors ?? []);
  }
  const code = response.status === 401 ? ErrorCode.unauthenticated : fallbackCode(response.status);
  return new ApiCallError(response.status, code);
}

function fallbackCode(status: number): string {
  if (status === 404) return ErrorCode.notFound;
  if (status === 429) return ErrorCode.rateLimited;
  if (status === 502 || status === 503 || status === 504) return ErrorCode.unavailable;
  return ErrorCode.internal;
}
