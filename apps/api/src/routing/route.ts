import type { FastifyInstance } from 'fastify';
import type { CallDefinition } from '@pp/contract';
import { registerCall, type CallHandler, type CallOptions } from './register-call.ts';

/** A call of the contract with its handler: what each file of `routes/<area>/` exports. */
export interface Route {
  call: CallDefinition;
  register(app: FastifyInstance): void;
}

export function defineRoute<C extends CallDefinition>(
  call: C,
  handler: CallHandler<C>,
  options: CallOptions = {},
): Route {
  return { call, register: (app) => registerCall(app, call, handler, options) };
}

export function isRoute(value: unknown): value is Route {
  return (
    typeof value === 'object' &&
    value !== null &&
    'call' in value &&
    'register' in value &&
    typeof value.register === 'function'
  );
}
