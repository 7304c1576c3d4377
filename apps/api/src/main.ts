import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { createIdentityProvider, type IdentityProvider } from '@pp/idp';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { migrateDatabasePatiently, openDatabasePatiently } from './db/wait-for-database.ts';
import { DEMO_PASSWORD, seedDemoData } from './db/seed/demo.ts';
import { embeddedProviderOptions } from './identity/embedded-provider.ts';
import { startMailWorker } from './mail/worker.ts';
import { createPortalMetrics, signInEventsOf } from './management/metrics.ts';
import { markMigrated } from './management/health.ts';
import { openManagementServer, type ManagementServer } from './management/server.ts';
import type { CrmConnector } from './crm-sync/connector.ts';
import type { CrmLog } from './crm-sync/crm-client.ts';
import { crmConnectorOf, crmSetupProblem } from './crm-sync/select.ts';
import { startTelemetry, type Telemetry } from './telemetry/index.ts';

const WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** Mail workers per instance (see where they start). */
const MAIL_WORKERS = 4;

/** How long a shutdown may take: the requests in flight (request timeout) and the mail worker. */
const SHUTDOWN_SECONDS = 40;
/** How long liveness answers 503 (a proxy takes the instance out) before the listener closes. */
const DRAIN_MS = 1000;
/**
 * How long kept-alive connections stay open once the listener has closed: a request already on
 * its way on one is answered (with `Connection: close`) instead of meeting a closed socket.
 */
const KEEP_ALIVE_GRACE_MS = 2000;
/** Log lines are written once this much is buffered, or after {@link LOG_FLUSH_MS}. */
const LOG_BATCH_BYTES = 8 * 1024;
const LOG_FLUSH_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long the start waits at most for the overload guard to see a free event loop. */
const SETTLE_MAX_MS = 5000;

/**
 * Waits until the overload guard (`plugins/overload.ts`) no longer reads the start's own work
 * as load. Starting holds the event loop (1.2 s on a busy host: the provider, the routes'
 * schemas), and the guard's last sample says so until its next one: an instance marked started
 * and ready at once shed its first requests with 503 (the upgrade test, issue 45). Under real
 * load at the start, it gives up after {@link SETTLE_MAX_MS}.
 */
async function loopSettled(app: FastifyInstance): Promise<void> {
  const until = Date.now() + SETTLE_MAX_MS;
  while (app.isUnderPressure() && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Closes the listening socket only; `net.Server#close`, without `http.Server`'s idle sweep. */
function stopAccepting(server: Server): void {
  Reflect.apply(NetServer.prototype.close, server, []);
}

/** Where to open the portal and, in development, how to sign in. */
function startBanner(config: Config): string {
  const origin = config.publicUrl.origin;
  const lines = [`\n  Practice Portal: ${origin}`];
  if (config.oidc.embedded) lines.push(`  Sign-in (embedded provider): ${config.oidc.issuer}`);
  if (config.demoData) {
    lines.push(
      `  Demo sign-in: clara.wolf@example.com / ${DEMO_PASSWORD} (also anna.sommer, ben.krause, david.markt)`,
    );
  }
  if (config.mailbox) lines.push(`  Mailbox: ${origin}/dev/mailbox`);
  return `${lines.join('\n')}\n\n`;
}

/** A line about the start before the app's log exists, on stderr as a failure's message is. */
function tell(line: string): void {
  console.warn(line);
}

function fail(message: string): never {
  console.error(`\nPractice Portal could not start.\n${message}\n`);
  process.exit(1);
}

async function start(config: Config) {
  let telemetry: Telemetry | undefined;
  try {
    telemetry = await startTelemetry(process.env);
  } catch (error) {
    fail(`Tracing could not start: ${(error as Error).message}`);
  }
  // Metrics and health (docs/operations.md) answer before anything else starts: the migrations
  // may take long (or wait for another instance's schema lock), and a startup probe must see
  // a live process that has not started yet, not a refused port.
  const metrics = createPortalMetrics();
  let management: ManagementServer;
  try {
    management = await openManagementServer(metrics, {
      port: config.managementPort,
      host: config.listenHost,
    });
  } catch (error) {
    fail(
      `The management port ${config.managementPort} could not be opened: ${(error as Error).message}`,
    );
  }
  // A database that cannot be used for now is waited for in these phases (the management port
  // says which); only what waiting cannot fix ends the start (db/wait-for-database.ts).
  let database: Database;
  try {
    database = await openDatabasePatiently(
      config.database,
      tell,
      telemetry && { observe: telemetry.observeStatements },
    );
  } catch (error) {
    fail(`The database could not be opened: ${(error as Error).message}`);
  }
  management.phase('migrating');
  try {
    await migrateDatabasePatiently(database, tell);
  } catch (error) {
    fail((error as Error).message);
  }
  // This version's migrations are applied and stay so: readiness need not ask again.
  markMigrated(database.db);
  management.phase('preparing');
  if (config.demoData) await seedDemoData(database);

  // The CRM's workers log through the app's logger, which exists once the app is built.
  const built: { app?: FastifyInstance } = {};
  const logTo =
    (level: 'info' | 'warn' | 'error') =>
    (...args: unknown[]) =>
      Reflect.apply(built.app!.log[level], built.app!.log, args);
  const crmLog = { info: logTo('info'), warn: logTo('warn'), error: logTo('error') } as CrmLog;
  let crm: CrmConnector | null;
  try {
    crm = crmConnectorOf(config, database.db, crmLog);
  } catch (error) {
    fail((error as Error).message);
  }
  if (crm) {
    let problem: string | null;
    try {
      problem = await crmSetupProblem(config);
    } catch (error) {
      fail(`The CRM's tables could not be read: ${(error as Error).message}`);
    }
    if (problem) {
      fail(
        `Dataverse lacks what the portal needs: ${problem}.\n` +
          'Run npm run crm:check for the whole list, then npm run crm:provision (README, "Dataverse").',
      );
    }
  }
  // From now on the database is the CRM's mirror: every change enters the outbox.
  await crm?.connect();

  const webBuilt = existsSync(path.join(WEB_ROOT, 'index.html'));
  // Logs go out asynchronously and in batches: no request waits for a write to stdout, and a
  // busy api writes one block of lines instead of a system call per request (issue 13, decision
  // 0041). A quiet one still shows each line within half a second; what is buffered is flushed
  // when the process ends.
  const logStream = pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES });
  setInterval(() => logStream.flush(), LOG_FLUSH_MS).unref();
  process.once('exit', () => logStream.flushSync());
  const app = await buildApp({
    config,
    database,
    logStream,
    crm,
    web: webBuilt ? { root: WEB_ROOT } : undefined,
    metrics,
    ...(telemetry && { telemetry }),
  });
  built.app = app;
  // The app's metrics and readiness from now on; `/health/started` once the portal listens.
  management.attach(app);
  if (!webBuilt) {
    app.log.warn(
      `The web app is not built (${WEB_ROOT}): serving the api only. Run npm run build.`,
    );
  }
  // Several workers side by side, each sending one mail at a time on its own connection: an SMTP
  // server may pause before its greeting (the fault suite's does, 100 ms), so one worker drained a
  // backlog after an outage at 8 mails a second. The outbox's claims keep each mail to one worker
  // (test/mail/concurrent-workers.test.ts).
  const { smtpUrl } = config;
  const workers = smtpUrl
    ? Array.from({ length: MAIL_WORKERS }, () =>
        startMailWorker({
          database,
          smtpUrl,
          from: config.mailFrom,
          logger: app.log,
          ...(telemetry && { tracer: telemetry.tracer }),
        }),
      )
    : [];

  let idp: IdentityProvider | undefined;
  if (config.oidc.embedded) {
    idp = await createIdentityProvider({
      ...embeddedProviderOptions(config, database.db, app.log),
      signInEvents: signInEventsOf(metrics),
    });
    // On this machine only (the IPv4 loopback); it answers only for the issuer's host (0023).
    await idp.listen(config.oidc.idpPort, config.loopback ? '127.0.0.1' : config.listenHost);
  }

  await app.listen({ port: config.port, host: config.listenHost });
  // From the moment the portal listens, a SIGTERM drains it, also while the start's last step
  // waits for the event loop to settle.
  let stopping = false;
  /**
   * The shutdown sequence (docs/operations.md): stop accepting and finish the requests in flight
   * (new ones on kept-alive connections get 503 and `Connection: close`), let the mail worker
   * finish or release its claimed mails, then close the provider, the management port and the
   * pool. Bounded: after SHUTDOWN_SECONDS the process ends anyway, with exit code 1.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_SECONDS * 1000).unref();
    app.draining = true;
    await sleep(DRAIN_MS);
    // Stop accepting connections but keep the open ones: Node's `http.Server#close` would also
    // close every idle connection at once, racing a request a client is just sending on it (a
    // reset). Each answer now closes its connection; what is still idle after the grace goes.
    stopAccepting(app.server);
    app.closingConnections = true;
    await sleep(KEEP_ALIVE_GRACE_MS);
    // A connection whose request finished after close() began goes idle and would keep the
    // server open until its client lets go: close idle ones until everything is done.
    app.server.closeIdleConnections();
    const sweep = setInterval(() => app.server.closeIdleConnections(), 250);
    await Promise.all([
      ...workers.map((worker) => worker.stop()),
      crm?.stop(),
      app.close(),
      idp?.close(),
    ]);
    clearInterval(sweep);
    // Liveness and the last scrapes answer for as long as requests are in flight; the management
    // port closes once nothing but the pool is left (docs/operations.md, "Stopping an instance").
    await management.close();
    await database.close();
    // The spans of the last requests are exported before the process ends.
    await telemetry?.shutdown();
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  crm?.start();
  await loopSettled(app);
  // A SIGTERM while the loop settled: the instance drains and never reports itself started.
  if (stopping) return;
  management.markStarted();
  app.log.info(
    {
      url: config.publicUrl.origin,
      database: config.database.kind,
      records: config.crm.provider,
      demoData: config.demoData,
    },
    'Practice Portal is running',
  );
  process.stdout.write(startBanner(config));
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
await start(config).catch((error: unknown) => fail((error as Error).stack ?? String(error)));
