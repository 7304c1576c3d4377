import type { z } from 'zod';

export const API_BASE = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One api call, declared once: the api registers it (validation, serialisation, OpenAPI)
 * and the web app derives its client from it.
 */
export interface CallDefinition<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path below {@link API_BASE}, exactly as the specification names it. */
  path: string;
  /** OpenAPI tag: the specification's area (Customer, Rights, …). */
  tag: string;
  summary: string;
  /** `none`: anyone; `bearer`: a valid access token. */
  auth: 'none' | 'bearer';
  querystring?: Q;
  body?: B;
  response: R;
  /** HTTP status of a successful answer (200 unless stated). */
  successStatus?: number;
}

export function defineCall<
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
>(call: CallDefinition<Q, B, R>): CallDefinition<Q, B, R> {
  return call;
}
