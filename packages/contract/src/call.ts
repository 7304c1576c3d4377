import type { z } from 'zod';
import type { MembershipRole } from './codes.ts';

export const API_BASE = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The fields of a request part's schema; any name for a schema not known here. */
type FieldsOf<T> = unknown extends T
  ? string
  : T extends z.ZodType
    ? unknown extends z.input<T>
      ? string
      : Extract<keyof z.input<T>, string>
    : never;

/** Where a request names something: a field of its query or of its body. */
export type ParameterPath<Q, B> = `query.${FieldsOf<Q>}` | `body.${FieldsOf<B>}`;

/** What an id in a request names; anything but a practice is looked up to find its practice. */
export const ACCESS_TARGETS = ['practice', 'location'] as const;
export type AccessTarget = (typeof ACCESS_TARGETS)[number];

/** A role in the practice named by a parameter of the request. */
export interface PracticeAccess<Q = unknown, B = unknown> {
  /** The parameter that holds the id, e.g. `query.companyId`. */
  from: ParameterPath<Q, B>;
  /** What that id names (default `practice`): a location's practice is looked up. */
  target?: AccessTarget;
  /** The smallest role that may call: member < admin < superadmin. */
  role: MembershipRole;
  /**
   * Or the person themself: the parameter that names the person the call acts on (e.g.
   * `body.customerId`). When it names the caller, any enabled membership of the practice is
   * enough; otherwise `role` holds. A missing value names nobody.
   */
  orSelf?: ParameterPath<Q, B>;
  /**
   * A disabled practice is read-only: a call that changes something (any method but GET) is
   * refused with `409 practice_disabled`, unless it is one that works on a disabled practice
   * (enabling it again).
   */
  whileDisabled?: 'allowed';
  /**
   * A practice that requires a second factor refuses every call on its data to a token without
   * one (`403 second_factor_required`, decision 0069), unless the call is one that only lets the
   * person out of it (leaving the practice).
   */
  withoutSecondFactor?: 'allowed';
}

/**
 * Who may make a call (docs/product.md §4), enforced before its handler runs:
 * - `anyone`: no access token;
 * - `token`: any valid access token (reference data, liveness);
 * - `api-scope`: a valid access token that carries the api's scope;
 * - `customer`: a signed-in customer (the identity is linked, or linked on its first sign-in);
 * - `{ practice }`: a customer with at least that role in an enabled membership of the practice
 *   (with `orSelf`: or any role when the call acts on the caller themself). A practice the
 *   caller is not connected to answers exactly like a random id (404), a role too small 403, a
 *   token without a second factor in a practice that requires one 403 `second_factor_required`.
 */
export type CallAccess<Q = unknown, B = unknown> =
  'anyone' | 'token' | 'api-scope' | 'customer' | { practice: PracticeAccess<Q, B> };

/**
 * One api call, declared once: the api registers it (authorization, validation, serialisation,
 * OpenAPI) and the web app derives its client from it.
 */
export interface CallDefinition<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  A extends CallAccess<Q, B> = CallAccess<Q, B>,
> {
  method: HttpMethod;
  /** Path below {@link API_BASE}, exactly as the specification names it. */
  path: string;
  /** OpenAPI tag: the specification's area (Customer, Rights, …). */
  tag: string;
  summary: string;
  access: A;
  querystring?: Q;
  body?: B;
  response: R;
  /** HTTP status of a successful answer (200 unless stated). */
  successStatus?: number;
  /**
   * A call that answers a file instead of JSON: its media type. `response` then describes the
   * file's text (for OpenAPI), and clients save the bytes as they come (decision 0083).
   */
  produces?: FileMediaType;
}

/** The media types of the files calls answer. */
export const FILE_MEDIA_TYPES = ['text/csv'] as const;
export type FileMediaType = (typeof FILE_MEDIA_TYPES)[number];

export function defineCall<
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
  const A extends CallAccess<Q, B>,
  const P extends FileMediaType | undefined = undefined,
>(
  call: CallDefinition<Q, B, R, A> & { produces?: P },
): CallDefinition<Q, B, R, A> & { produces: P } {
  // `produces` is typed as given (or undefined), so that a handler's answer follows from it.
  return call as CallDefinition<Q, B, R, A> & { produces: P };
}

/** Whether a call needs `Authorization: Bearer …` (everything but `anyone`). */
export function needsToken(call: Pick<CallDefinition, 'access'>): boolean {
  return call.access !== 'anyone';
}
