import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { collectDefaultMetrics } from 'prom-client';
import { databaseReadiness } from '../lib/database/liveness.ts';
import { addFigures } from './figures.ts';
import { healthOf, liveness, readiness, startup, type Health } from './health.ts';

// The management port (`MANAGEMENT_PORT`, docs/operations.md), as Keycloak's management
// interface: metrics and health for the platform, on a port of its own that the public proxy
// never forwards. A second HTTP server in the portal's process, started with it and closed at
// its end; the public port answers 404 for these paths (public-port.ts).

export interface ManagementServer {
  /** Where it listens, e.g. `http://127.0.0.1:9000`. */
  url: string;
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

/** Serves the management port for `app`: its metrics (with Node's own) and its health. */
export async function startManagementServer(
  app: FastifyInstance,
  options: ManagementOptions,
): Promise<ManagementServer> {
  const { registry } = app.metrics;
  addFigures(app);
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters, which `promtool check metrics` refuses; `nodejs_active_handles`
  // and the others by type stay.
  for (const name of ['handles', 'requests', 'resources']) {
    registry.removeSingleMetric(`nodejs_active_${name}_total`);
  }
  let started = false;
  const database = databaseReadiness(app.database);

  const server = Fastify({ logger: false, return503OnClosing: false });
  server.get('/metrics', async (_request, reply) => {
    const text = await registry.metrics();
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
  });
  server.get('/health/live', async (_request, reply) => sendHealth(reply, liveness()));
  server.get('/health/ready', async (_request, reply) =>
    sendHealth(reply, await readiness(app, database)),
  );
  server.get('/health/started', async (_request, reply) => sendHealth(reply, startup(started)));
  server.get('/health', async (_request, reply) => {
    const ready = await readiness(app, database);
    return sendHealth(reply, healthOf([...startup(started).checks, ...ready.checks]));
  });
  server.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({
      error: 'not found: /metrics, /health, /health/live, /health/ready, /health/started',
    }),
  );
  server.setErrorHandler((error, _request, reply) => {
    app.log.error({ err: error }, 'the management port failed to answer');
    return reply.code(500).send({ error: 'internal error' });
  });

  const address = await server.listen({ port: options.port, host: options.host });
  return {
    url: address,
    markStarted: () => {
      started = true;
    },
    close: async () => {
      await server.close();
      await database.close();
    },
  };
}
