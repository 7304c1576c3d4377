import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FieldErrorCode } from '@pp/contract';
import { ApiError } from './problem.ts';

/**
 * How deep a JSON body may nest objects and arrays. The deepest body of the contract
 * (`Customer/UpdateCustomerData`: the body, its practices, their list, one practice) has 4
 * levels; 64 KiB of brackets would make 32,000, and code that walks a body recursively would
 * overflow the stack (security finding 5).
 */
export const MAX_JSON_NESTING = 8;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENING = new Set([0x5b, 0x7b]); // [ {
const CLOSING = new Set([0x5d, 0x7d]); // ] }

/** The deepest nesting of a JSON text, in one pass without recursion; strings do not count. */
export function jsonNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index += 1;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (OPENING.has(char)) {
      depth += 1;
      deepest = Math.max(deepest, depth);
    } else if (CLOSING.has(char)) {
      depth -= 1;
    }
  }
  return deepest;
}

type Done = (error: Error | null, body?: unknown) => void;

/**
 * Fastify's own JSON parser (empty bodies, prototype poisoning), behind a check that refuses a
 * body nested deeper than {@link MAX_JSON_NESTING} before it is parsed: nothing ever walks one.
 */
export function limitJsonNesting(app: FastifyInstance): void {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  // Fastify's default parser is the callback form of its parser type.
  const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning) as (
    request: FastifyRequest,
    body: string,
    done: Done,
  ) => void;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (jsonNesting(text) <= MAX_JSON_NESTING) return parse(request, text, done);
    const tooDeep = {
      field: 'body',
      code: FieldErrorCode.tooDeep,
      params: { maximum: MAX_JSON_NESTING },
    };
    done(ApiError.badRequest([tooDeep]), undefined);
  });
}
