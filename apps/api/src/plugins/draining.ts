import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the instance is about to stop: liveness answers 503, connections close. */
    draining: boolean;
  }
}

/**
 * The first step of a shutdown (docs/operations.md): for a moment before the listener closes,
 * every answer carries `Connection: close` and liveness answers 503, so a proxy takes the
 * instance out and clients open their next request elsewhere instead of on a closing socket.
 */
export const drainingPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('draining', false);
    // Callback hooks on the hot path: an async one costs a promise per request (issue 13).
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (app.draining) void reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'draining' },
);
