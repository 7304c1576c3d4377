import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the instance is about to stop: liveness answers 503. */
    draining: boolean;
    /** Whether the listener has closed: every answer closes its kept-alive connection. */
    closingConnections: boolean;
  }
}

/**
 * The first steps of a shutdown (docs/operations.md): for a moment before the listener closes,
 * liveness answers 503, so a proxy's health check takes the instance out; once it has closed,
 * every answer carries `Connection: close`, so clients open their next request elsewhere instead
 * of on a socket about to close. (Closing connections before the listener would only make
 * clients reconnect into its queue, which the kernel resets when it closes: issue 23.)
 */
export const drainingPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('draining', false);
    app.decorate('closingConnections', false);
    // Callback hooks on the hot path: an async one costs a promise per request (issue 13).
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (app.closingConnections) void reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'draining' },
);
