import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface MountOptions {
  callback(): (request: IncomingMessage, response: ServerResponse) => unknown;
}

/**
 * Every path without a page of ours goes to oidc-provider, as its documentation mounts it in any
 * framework: its `callback()` gets the raw request and response, and Fastify lets go of the reply
 * (`hijack`). oidc-provider reads and limits request bodies itself, so in this scope no parser may
 * consume them.
 */
export async function mountProvider(app: FastifyInstance, { callback }: MountOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.all('/*', (request, reply) => {
    reply.hijack();
    void callback()(request.raw, reply.raw);
  });
}
