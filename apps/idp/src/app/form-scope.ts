import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { isSameOrigin, MAX_FORM_BYTES } from '../interaction/form.ts';
import { PageError } from './error-page.ts';

/**
 * Makes a plugin scope one of our form pages': a form post must come from one of our pages and
 * be a small urlencoded form (else 403, 413 or 415).
 */
export async function formScope(app: FastifyInstance, issuer: string): Promise<void> {
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: MAX_FORM_BYTES });
  app.addHook('onRequest', async (request) => {
    if (request.method === 'POST' && !isSameOrigin(request.headers.origin, issuer)) {
      throw new PageError(403, 'forbidden');
    }
  });
}
