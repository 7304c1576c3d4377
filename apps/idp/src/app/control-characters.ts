import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasControlCharacters } from '@pp/contract';
import { PageError } from './error-page.ts';

/** Refuses with the 400 page when a value has a control character (a NUL byte included). */
export function refuseControlCharacters(values: Iterable<unknown>): void {
  for (const value of values) {
    if (typeof value === 'string' && hasControlCharacters(value)) {
      throw new PageError(400, 'invalidInput');
    }
  }
}

function queryParts(url: string): string[] {
  const start = url.indexOf('?');
  if (start < 0) return [];
  return [...new URLSearchParams(url.slice(start + 1))].flat();
}

/**
 * No name or value of any request's query reaches our pages or oidc-provider with a control
 * character: PostgreSQL refuses a NUL byte in text and jsonb, and oidc-provider stores an
 * authorization request's parameters (security finding 4).
 */
export const plainQueries = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      refuseControlCharacters(queryParts(request.raw.url ?? ''));
    });
  },
  { name: 'plain-queries' },
);
