import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';
import { isDatabaseUnavailable, isPoolFull } from '../lib/database/database-outage.ts';
import type { DatabaseReadiness } from '../lib/database/liveness.ts';

// The health checks of the management port, shaped as Keycloak's (MicroProfile Health):
// `{"status":"UP","checks":[{"name":…,"status":…,"data":{…}}]}`, 200 when UP, 503 when DOWN.

export type Status = 'UP' | 'DOWN';

export interface Check {
  name: string;
  status: Status;
  data?: Record<string, string | number | boolean | null>;
}

export interface Health {
  status: Status;
  checks: Check[];
}

/** The requests' pool is asked within this time, below the probe's timeout of 2 s. */
const POOL_CHECK_TIMEOUT_MS = 1500;

/** The CRM's state waits this long; after it, `unknown` (it never makes the portal unready). */
const CRM_STATE_TIMEOUT_MS = 1500;

export function healthOf(checks: Check[]): Health {
  return { status: checks.every((check) => check.status === 'UP') ? 'UP' : 'DOWN', checks };
}

const check = (name: string, up: boolean, data?: Check['data']): Check => ({
  name,
  status: up ? 'UP' : 'DOWN',
  ...(data ? { data } : {}),
});

/** The newest migration this version brings (drizzle's `created_at` of its journal entry). */
let newestMigration: number | undefined;
const migrated = new WeakSet<Db>();

/** The start-up applied this version's migrations to `db`: readiness takes it as known. */
export function markMigrated(db: Db): void {
  migrated.add(db);
}

/**
 * Whether the database holds every migration of this version (or newer ones: the next version
 * may have migrated it during a rolling upgrade). Once it did, it always will: asked until then
 * (the start-up tells it at once, {@link markMigrated}), as the database check asks (on a server
 * its own connection, within 1.5 s): no answer in time is DOWN.
 */
async function migrationsApplied(db: Db, database: DatabaseReadiness): Promise<boolean> {
  if (migrated.has(db)) return true;
  newestMigration ??= Math.max(
    0,
    ...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis),
  );
  const rows = await database.read(
    'select max(created_at)::float8 as newest from drizzle.__drizzle_migrations',
  );
  const applied = Number(rows?.[0]?.['newest'] ?? 0) >= newestMigration;
  if (applied) migrated.add(db);
  return applied;
}

/**
 * Whether the requests reach the database. The check's own connection can stay open and answer
 * while the requests' pool cannot connect (the server's, a role's or the database's connection
 * limit reached; probe F1 of issue 45). Once requests found the database away, the pool is asked
 * too: an answer ends the outage; a full pool, which keeps the statement waiting, is load and
 * counts as reaching it.
 */
async function requestsReachDatabase(app: FastifyInstance): Promise<boolean> {
  if (!app.databaseOutage.unreachable) return true;
  const asked = app.db.execute(sql`select 1`).then(
    () => {
      app.databaseOutage.recovered(app.log);
      return true;
    },
    (error: unknown) => isPoolFull(error) || !isDatabaseUnavailable(error),
  );
  return Promise.race([
    asked,
    new Promise<boolean>((resolve) =>
      setTimeout(() => resolve(true), POOL_CHECK_TIMEOUT_MS).unref(),
    ),
  ]);
}

/** What the CRM's sync looks like: never DOWN, since the portal works while the CRM is away. */
async function crmCheck(app: FastifyInstance): Promise<Check> {
  const { crm } = app;
  if (!crm) return check('crm', true, { provider: 'builtin', state: 'ok' });
  const health = await Promise.race([
    crm.health(),
    new Promise<undefined>((resolve) =>
      setTimeout(() => resolve(undefined), CRM_STATE_TIMEOUT_MS).unref(),
    ),
  ]).catch(() => undefined);
  return check('crm', true, {
    provider: health?.provider ?? app.config.crm.provider,
    state: health?.state ?? 'unknown',
    lastSyncAt: health?.lastSyncAt ?? null,
    outboxWaiting: health?.outbox.waiting ?? null,
    outboxParked: health?.outbox.parked ?? null,
  });
}

/** `/health/live`: the process runs and answers. */
export function liveness(): Health {
  return healthOf([]);
}

/**
 * `/health/ready`: the database is there (`database`: within 1.5 s, asked at most once a second,
 * without waiting behind the requests' work), holds this version's migrations, and the instance
 * is not shutting down. The CRM's state is told, and never makes it unready.
 */
export async function readiness(
  app: FastifyInstance,
  database: DatabaseReadiness,
): Promise<Health> {
  // Side by side: each within 1.5 s, so the answer is too.
  const [answers, reached, migrations, crm] = await Promise.all([
    database.ready(),
    requestsReachDatabase(app),
    migrationsApplied(app.db, database),
    crmCheck(app),
  ]);
  return healthOf([
    check('database', answers && reached, { kind: app.database.kind }),
    // Without an answer from the database, whether it lacks migrations is not known: its own
    // check says DOWN (probe F7: both DOWN sent an operator to the schema).
    check('migrations', migrations || !answers),
    check('accepting requests', !app.draining),
    crm,
  ]);
}

/**
 * `/health/started`: the start-up (database, migrations, provider, listener) has finished; until
 * then, what it is doing (`phase`: starting, migrating, preparing).
 */
export function startup(started: boolean, phase?: string): Health {
  return healthOf([check('start-up', started, started || !phase ? undefined : { phase })]);
}
