import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { API_BASE, calls, type CallDefinition } from '@pp/contract';

type Calls = typeof calls;

/** The areas of the contract: a call's export name is its area followed by its name. */
const AREAS = [
  'atest',
  'company',
  'customer',
  'employee',
  'lifetime',
  'location',
  'preferences',
  'rights',
  'security',
  'utility',
] as const;
type Area = (typeof AREAS)[number];

/** What a request part takes: the schema's input, nothing without a schema, anything when unknown. */
type PartOf<S> = [NonNullable<S>] extends [never] ? never : z.input<NonNullable<S> & z.ZodType>;
type Part<Name extends string, S> = [PartOf<S>] extends [never]
  ? { [K in Name]?: never }
  : // Optional where every field is, or where the schema takes no part at all (`.nullish()`).
    object extends PartOf<S>
    ? { [K in Name]?: PartOf<S> }
    : undefined extends PartOf<S>
      ? { [K in Name]?: PartOf<S> }
      : { [K in Name]: PartOf<S> };

/** A call's query and body as its schemas accept them, for helpers that fill in a part. */
export type QueryOf<C extends CallDefinition> = PartOf<C['querystring']>;
export type BodyOf<C extends CallDefinition> = PartOf<C['body']>;

/** What any request may carry besides the call's own query and body. */
export interface RequestExtras {
  /** Sent as `Authorization: Bearer …`; without it the request is anonymous. */
  token?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** A call's request, typed from the contract: its query and body as the schemas accept them. */
export type CallRequest<C extends CallDefinition> = RequestExtras &
  Part<'query', C['querystring']> &
  Part<'body', C['body']>;

/**
 * A request the contract would refuse, for tests of refusals: any query (an object, or the text
 * after `?` exactly as sent) and any body (an object is sent as JSON, a string as it is).
 */
export interface UncheckedRequest extends RequestExtras {
  method?: InjectOptions['method'];
  query?: Record<string, string> | string;
  body?: InjectOptions['payload'];
}

type Send<C extends CallDefinition> =
  Record<never, never> extends CallRequest<C>
    ? (request?: CallRequest<C>) => Promise<LightMyRequestResponse>
    : (request: CallRequest<C>) => Promise<LightMyRequestResponse>;

type AreaCalls<A extends Area> = {
  [K in keyof Calls as K extends `${A}${infer Name}` ? Uncapitalize<Name> : never]: Send<Calls[K]>;
};

/** The api's calls by area and name, e.g. `client.employee.inviteEmployee({ token, body })`. */
export type ApiClient = { [A in Area]: AreaCalls<A> } & {
  /** One call given as its declaration, e.g. for every call of the contract in turn. */
  call<C extends CallDefinition>(
    call: C,
    request?: CallRequest<C>,
  ): Promise<LightMyRequestResponse>;
  /** A call with input its schemas would refuse (hostile, malformed or unknown fields). */
  unchecked(call: CallDefinition, request?: UncheckedRequest): Promise<LightMyRequestResponse>;
};

function queryText(query: object | string | undefined): string {
  if (typeof query === 'string') return query;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params.toString();
}

function send(
  app: FastifyInstance,
  call: CallDefinition,
  request: UncheckedRequest,
): Promise<LightMyRequestResponse> {
  const query = queryText(request.query);
  const headers = {
    ...(request.token === undefined ? {} : { authorization: `Bearer ${request.token}` }),
    ...request.headers,
  };
  return app.inject({
    method: request.method ?? call.method,
    url: `${API_BASE}${call.path}${query ? `?${query}` : ''}`,
    headers,
    ...(request.remoteAddress === undefined ? {} : { remoteAddress: request.remoteAddress }),
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
}

/** Where a call of the contract belongs in the client: its area and its name there. */
function placeOf(exportName: string, call: CallDefinition): [Area, string] {
  const area = AREAS.find((a) => a === call.tag.toLowerCase() && exportName.startsWith(a));
  if (!area) throw new Error(`${exportName}: its tag ${call.tag} names no area of the client`);
  const name = exportName.slice(area.length);
  return [area, name.charAt(0).toLowerCase() + name.slice(1)];
}

/** A client of the app's api (`app.inject`), typed from the contract. */
export function createApiClient(app: FastifyInstance): ApiClient {
  const areas = Object.fromEntries(AREAS.map((area) => [area, {}])) as Record<
    Area,
    Record<string, (request?: UncheckedRequest) => Promise<LightMyRequestResponse>>
  >;
  for (const [exportName, call] of Object.entries(calls)) {
    const [area, name] = placeOf(exportName, call);
    areas[area][name] = (request = {}) => send(app, call, request);
  }
  return {
    ...(areas as unknown as { [A in Area]: AreaCalls<A> }),
    call: (call, request) => send(app, call, (request ?? {}) as UncheckedRequest),
    unchecked: (call, request = {}) => send(app, call, request),
  };
}
