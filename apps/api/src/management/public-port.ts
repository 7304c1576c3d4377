import type { FastifyInstance } from 'fastify';
import { sendNotFound } from '../plugins/errors.ts';
import { observeDatabase } from './database-metrics.ts';
import { callOf, createPortalMetrics, type PortalMetrics } from './metrics.ts';

/** The management port's paths: on the public port they do not exist (not even as app pages). */
export const MANAGEMENT_PATHS = ['/metrics', '/health', '/health/*'] as const;

/**
 * What the public app does for the management port: it keeps the metrics (given, or its own),
 * times every answer by call and status, and times the database's statements. Before plugins.
 */
export function observePortal(app: FastifyInstance, metrics?: PortalMetrics): void {
  app.decorate('metrics', metrics ?? createPortalMetrics());
  // A callback hook: an async one costs a promise per request (issue 13).
  app.addHook('onResponse', (request, reply, done) => {
    app.metrics.httpRequests.observe(
      { method: request.method, call: callOf(request), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  observeDatabase(app);
}

/** The management port's paths answer 404, as the web app's page would answer them otherwise. */
export function refuseManagementPaths(app: FastifyInstance): void {
  for (const url of MANAGEMENT_PATHS) {
    app.all(url, { schema: { hide: true } }, (_request, reply) => sendNotFound(reply));
  }
}
