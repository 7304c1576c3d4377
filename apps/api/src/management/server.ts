import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { collectDefaultMetrics } from 'prom-client';
import { databaseReadiness, type DatabaseReadiness } from '../lib/database/liveness.ts';
import { addFigures } from './figures.ts';
import { healthOf, liveness, readiness, startup, type Health } from './health.ts';
import type { PortalMetrics } from './metrics.ts';

// The management port (`MANAGEMENT_PORT`, docs/operations.md), as Keycloak's management
// interface: metrics and health for the platform, on a port of its own that the public proxy
// never forwards. A second HTTP server in the portal's process, started with it and closed at
// its end; the public port answers 404 for these paths (public-port.ts).

/** What the start-up is doing while the portal is not started yet (`/health/started`'s data). */
export type StartPhase = 'starting' | 'migrating' | 'preparing';

export interface ManagementServer {
  /** Where it listens, e.g. `http://127.0.0.1:9000`. */
  url: string;
  /** What the start-up does now (told in `/health/started` and `/health/ready` until ready). */
  phase(phase: StartPhase): void;
  /** The app exists: metrics and readiness are its own from now on. */
  attach(app: FastifyInstance): void;
  /** The portal has started: `/health/started` answers UP from now on. */
  markStarted(): void;
  close(): Promise<void>;
}

export interface ManagementOptions {
  port: number;
  host: string;
}

function sendHealth(reply: FastifyReply, health: Health) {
  return reply
    .code(health.status === 'UP' ? 200 : 503)
    .header('cache-control', 'no-store')
    .send(health);
}

/**
 * Opens the management port before anything else of the start-up (the database, its
 * migrations, which may wait for another instance's schema lock): `/health/live` answers 200 at
 * once, `/health/started` and `/health/ready` 503 with the start-up's phase until the app is
 * {@link ManagementServer.attach attached} and {@link ManagementServer.markStarted started}.
 * `/metrics` serves `metrics` (Node's own figures from the start, the app's once attached).
 */
export async function openManagementServer(
  metrics: PortalMetrics,
  options: ManagementOptions,
): Promise<ManagementServer> {
  const { registry } = metrics;
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters, which `promtool check metrics` refuses; `nodejs_active_handles`
  // and the others by type stay.
  for (const name of ['handles', 'requests', 'resources']) {
    registry.removeSingleMetric(`nodejs_active_${name}_total`);
  }
  let started = false;
  let phase: StartPhase = 'starting';
  let attached: { app: FastifyInstance; database: DatabaseReadiness } | undefined;
  const starting = () => startup(false, phase);
  // Not ready before started (probe F2 of issue 45): until the public port listens, an
  // upgrade's "stop an old instance once the new one is ready" would stop one too early.
  const ready = () =>
    attached && started ? readiness(attached.app, attached.database) : Promise.resolve(starting());

  const server = Fastify({ logger: false, return503OnClosing: false });
  server.get('/metrics', async (_request, reply) => {
    const text = await registry.metrics();
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
  });
  server.get('/health/live', async (_request, reply) => sendHealth(reply, liveness()));
  server.get('/health/ready', async (_request, reply) => sendHealth(reply, await ready()));
  server.get('/health/started', async (_request, reply) =>
    sendHealth(reply, started ? startup(true) : starting()),
  );
  server.get('/health', async (_request, reply) => {
    const health = await ready();
    const start = started ? startup(true) : starting();
    const checks = attached && started ? [...start.checks, ...health.checks] : start.checks;
    return sendHealth(reply, healthOf(checks));
  });
  server.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({
      error: 'not found: /metrics, /health, /health/live, /health/ready, /health/started',
    }),
  );
  server.setErrorHandler((error, _request, reply) => {
    attached?.app.log.error({ err: error }, 'the management port failed to answer');
    return reply.code(500).send({ error: 'internal error' });
  });

  const address = await server.listen({ port: options.port, host: options.host });
  return {
    url: address,
    phase: (next) => {
      phase = next;
    },
    attach: (app) => {
      const database = databaseReadiness(app.database);
      addFigures(app, database);
      attached = { app, database };
    },
    markStarted: () => {
      started = true;
    },
    close: async () => {
      await server.close();
      await attached?.database.close();
    },
  };
}

/** Serves the management port for `app`, started: its metrics (with Node's own) and its health. */
export async function startManagementServer(
  app: FastifyInstance,
  options: ManagementOptions,
): Promise<ManagementServer> {
  const management = await openManagementServer(app.metrics, options);
  management.attach(app);
  management.markStarted();
  return management;
}
