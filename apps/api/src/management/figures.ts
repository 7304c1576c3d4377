import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { outboxHealth } from '../crm-sync/health.ts';
import type { Db } from '../db/client.ts';
import type { DatabaseReadiness } from '../lib/database/liveness.ts';
import { crmSyncState } from '../db/schema.ts';
import { METRIC_PREFIX } from './metrics.ts';

// The figures a scrape reads from the database (the mail and CRM outboxes, the CRM's sync, the
// provider's sessions): read when Prometheus asks, never per request, in one round shared by
// every gauge of the scrape (and by scrapes within a second), given up after a short wait.

/** A scrape waits this long for the database; after it, the figures are left out. */
const FIGURES_TIMEOUT_MS = 1500;
/** Scrapes (two Prometheus servers, a person with curl) share one reading within this. */
const FIGURES_FRESH_MS = 1000;

interface Figures {
  mail: { depth: number; oldestAgeSeconds: number };
  crm?: { waiting: number; parked: number; oldestAgeSeconds: number; lagSeconds: Lag[] };
  sessions?: number;
}
type Lag = { entity: string; seconds: number };

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const ageOf = (at: string | null, now: number) =>
  at ? Math.max(0, (now - Date.parse(at)) / 1000) : 0;

async function readFigures(db: Db, crm: boolean, embedded: boolean): Promise<Figures> {
  const [mail] = rowsOf(
    await db.execute(sql`
      select count(*)::int as depth,
             extract(epoch from now() - min(created_at) filter (where status = 'pending'))::float8
               as oldest
      from mail_outbox where status in ('pending', 'sending')`),
  );
  const figures: Figures = {
    mail: { depth: Number(mail?.['depth'] ?? 0), oldestAgeSeconds: Number(mail?.['oldest'] ?? 0) },
  };
  if (crm) {
    const now = Date.now();
    const outbox = await outboxHealth(db);
    const synced = await db
      .select({ entity: crmSyncState.entity, at: crmSyncState.lastSuccessAt })
      .from(crmSyncState);
    figures.crm = {
      waiting: outbox.waiting,
      parked: outbox.parked,
      oldestAgeSeconds: ageOf(outbox.oldestWaitingAt, now),
      lagSeconds: synced.flatMap((row) =>
        row.at
          ? [{ entity: row.entity, seconds: Math.max(0, (now - row.at.getTime()) / 1000) }]
          : [],
      ),
    };
  }
  if (embedded) {
    const [sessions] = rowsOf(
      await db.execute(sql`
        select count(*)::int as n from idp_payloads
        where model = 'Session' and (expires_at is null or expires_at > now())`),
    );
    figures.sessions = Number(sessions?.['n'] ?? 0);
  }
  return figures;
}

/** One reading of the figures for the scrapes of the next second; undefined when it failed. */
function sharedReading(read: () => Promise<Figures>): () => Promise<Figures | undefined> {
  let last: { at: number; figures: Promise<Figures | undefined> } | undefined;
  return () => {
    if (last && Date.now() - last.at < FIGURES_FRESH_MS) return last.figures;
    const figures = Promise.race([
      read(),
      new Promise<undefined>((resolve) =>
        setTimeout(() => resolve(undefined), FIGURES_TIMEOUT_MS).unref(),
      ),
    ]).catch(() => undefined);
    last = { at: Date.now(), figures };
    return figures;
  };
}

/**
 * A gauge set from the scrape's figures. When they are not there its samples are left out of
 * the scrape, never shown as 0 (an outbox that looks empty while nobody knows): Prometheus's
 * pattern for a failed read, with `database_up` saying whether the database is there ("Writing exporters", "Failed
 * scrapes"). prom-client's `reset()` puts a 0 back into a gauge without labels; `remove()`
 * takes it out.
 */
function figureGauge<L extends string>(
  app: FastifyInstance,
  reading: () => Promise<Figures | undefined>,
  definition: { name: string; help: string; labelNames?: readonly L[] },
  set: (gauge: Gauge<L>, figures: Figures) => void,
): void {
  new Gauge<L>({
    ...definition,
    name: `${METRIC_PREFIX}${definition.name}`,
    registers: [app.metrics.registry],
    async collect() {
      this.reset();
      const figures = await reading();
      if (figures) set(this, figures);
      else if (!definition.labelNames?.length) this.remove();
    },
  });
}

/**
 * Adds the figures read at scrape time to the app's metrics. `database_up` is the readiness
 * check's answer (on a server its own connection): a full pool is load, not an outage.
 */
export function addFigures(app: FastifyInstance, database: DatabaseReadiness): void {
  const crm = app.crm !== null;
  const embedded = app.config.oidc.embedded;
  const reading = sharedReading(() => readFigures(app.db, crm, embedded));
  new Gauge({
    name: `${METRIC_PREFIX}database_up`,
    help: 'Whether the database answers (1) or not (0), as /health/ready checks it.',
    registers: [app.metrics.registry],
    async collect() {
      this.set((await database.ready()) ? 1 : 0);
    },
  });
  const gauge = figureGauge.bind(undefined, app, reading);
  gauge({ name: 'mail_outbox_depth', help: 'Mails waiting in the outbox or being sent.' }, (g, f) =>
    g.set(f.mail.depth),
  );
  gauge(
    { name: 'mail_outbox_oldest_age_seconds', help: 'Age of the oldest waiting mail (0: none).' },
    (g, f) => g.set(f.mail.oldestAgeSeconds),
  );
  if (crm) {
    gauge(
      { name: 'crm_outbox_depth', help: 'Changes waiting in the outbox for the CRM.' },
      (g, f) => g.set(f.crm?.waiting ?? 0),
    );
    gauge(
      { name: 'crm_outbox_parked', help: 'Changes the CRM refused, parked for an operator.' },
      (g, f) => g.set(f.crm?.parked ?? 0),
    );
    gauge(
      {
        name: 'crm_outbox_oldest_age_seconds',
        help: 'Age of the oldest change waiting for the CRM (0: none).',
      },
      (g, f) => g.set(f.crm?.oldestAgeSeconds ?? 0),
    );
    gauge(
      {
        name: 'crm_sync_lag_seconds',
        help: 'Time since the last successful read of each kind of CRM record.',
        labelNames: ['entity'] as const,
      },
      (g, f) => {
        for (const lag of f.crm?.lagSeconds ?? []) g.set({ entity: lag.entity }, lag.seconds);
      },
    );
  }
  if (embedded) {
    gauge({ name: 'idp_sessions', help: "The embedded provider's live sessions." }, (g, f) =>
      g.set(f.sessions ?? 0),
    );
  }
}
