import { createContext, useContext } from 'react';
import type { z } from 'zod';
import type { CallDefinition, ErrorCode, FieldError, FieldErrorCode } from '@pp/contract';

type Infer<T> = T extends z.ZodType ? z.input<T> : never;

export interface CallInput<C extends CallDefinition> {
  query?: Infer<C['querystring']>;
  body?: Infer<C['body']>;
  signal?: AbortSignal;
}

/** A field error of a refused call, with a code the web app has texts for. */
export interface ApiFieldError extends Omit<FieldError, 'code'> {
  code: FieldErrorCode;
}

/** A refused call: the api's problem code and field errors, never its sentences. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly errors: ApiFieldError[] = [],
  ) {
    super(`${status} ${code}`);
    this.name = 'ApiCallError';
  }
}

export interface ApiClient {
  /** Calls the api; resolves with the parsed answer, rejects with {@link ApiCallError}. */
  call<C extends CallDefinition>(call: C, input?: CallInput<C>): Promise<z.infer<C['response']>>;
}

export const ApiClientContext = createContext<ApiClient | null>(null);

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an ApiClientContext provider above it');
  return client;
}
