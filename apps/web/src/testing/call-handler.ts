import { http, type HttpResponseResolver } from 'msw';
import { API_BASE, type CallDefinition, type HttpMethod } from '@pp/contract';

const HANDLERS: Record<HttpMethod, typeof http.get> = {
  GET: http.get,
  POST: http.post,
  PATCH: http.patch,
  PUT: http.put,
  DELETE: http.delete,
};

/**
 * Where a call of the contract is answered: `/api/v1` and its path on any origin, or on
 * `origin`; a path's `:name` segments are MSW's path parameters.
 */
export const callUrl = (call: Pick<CallDefinition, 'path'>, origin = '*') =>
  `${origin}${API_BASE}${call.path}`;

/**
 * An MSW handler for one of the contract's `calls`, with the method and path its declaration
 * names, so a fake answers exactly what the web client asks: `onCall(calls.employeeGetEmployees,
 * ({ request }) => …)`.
 */
export function onCall(
  call: Pick<CallDefinition, 'method' | 'path'>,
  resolver: HttpResponseResolver,
  origin?: string,
) {
  return HANDLERS[call.method](callUrl(call, origin), resolver);
}

/** A call's name as the specification writes it (`Employee/ChangeRole`): its path below `/api/v1`. */
export const callName = (call: Pick<CallDefinition, 'path'>) => call.path.slice(1);
