import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { crmConnection } from '../db/schema.ts';
import { crmAwayMs, noteCrmAway, notingAway } from './away.ts';
import { CRM_ENTITIES, CrmUnavailable, type CrmClient, type CrmLog } from './crm-client.ts';
import { crmHealth, type CrmHealth } from './health.ts';
import { acceptOrganisation, organisationGuard, type Acceptance } from './organisation.ts';
import { forgetSentWrites, pushOutbox, type OutboxOutcome } from './outbox/round.ts';
import { refreshCustomer, syncAll, type SyncRound } from './sync/changes.ts';
import { refreshPicklists } from './sync/picklists.ts';

// Runs the sync with the operator's CRM (decision 0061): the outbox is pushed every second by
// every instance (claims keep them apart), the sync rounds and the picklists' refresh by one
// instance at a time (a lease in `crm_connection`), and a person's own record is read again when
// they use the portal after a sync interval. A Retry-After of the CRM holds all of them, on every
// instance (`away.ts`).

/** How long a stop waits for the rounds in progress (within the shutdown's bound). */
const STOP_WAIT_MS = 10_000;

export interface CrmConnector {
  readonly client: CrmClient;
  /** Marks the database as a CRM's mirror: from now on changes enter the outbox. */
  connect(): Promise<void>;
  /** One sync round over every kind of record (the first one imports). */
  syncNow(): Promise<SyncRound>;
  /** Pushes what is due in the outbox. */
  pushNow(): Promise<OutboxOutcome>;
  refreshPicklists(): Promise<number>;
  /** Whether the person's own record is due to be read again (longer ago than a sync interval). */
  refreshDue(customerId: string): boolean;
  /** Reads the person's own record again when it is due. */
  refreshPerson(customerId: string): Promise<void>;
  health(): Promise<CrmHealth>;
  /** The operator accepts the organisation the health shows (`organisation.ts`). */
  acceptOrganisation(organisation: string): Promise<Acceptance>;
  /** Starts the timers; `stop` ends them and waits for the round in progress. */
  start(): void;
  stop(): Promise<void>;
}

export interface CrmConnectorOptions {
  db: Db;
  client: CrmClient;
  log: CrmLog;
  syncSeconds: number;
  /** Pause between pushes of the outbox; default 1 s. */
  pushIntervalMs?: number;
  /** How often the picklists are read again; default daily. */
  picklistHours?: number;
}

export function createCrmConnector(options: CrmConnectorOptions): CrmConnector {
  const { db, client, log, syncSeconds } = options;
  const instance = randomUUID();
  const pushIntervalMs = options.pushIntervalMs ?? 1000;
  const picklistMs = (options.picklistHours ?? 24) * 3_600_000;
  const refreshed = new Map<string, number>();
  let picklistsAt = 0;
  let stopped = true;
  /** Set by `stop`: a round in progress ends after the writes in hand. */
  let stopping = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();

  /** Whether this instance holds the sync lease (taken or extended for two intervals). */
  async function holdLease(): Promise<boolean> {
    const result = await db.execute(sql`
      update crm_connection
      set sync_holder = ${instance},
          sync_lease_until = now() + make_interval(secs => ${syncSeconds * 2})
      where sync_holder is null or sync_holder = ${instance} or sync_lease_until < now()
      returning 1`);
    return (result as unknown as { rows: unknown[] }).rows.length > 0;
  }

  // Another organisation than the mirror's stops everything that reads or writes the CRM
  // (`organisation.ts`); a sync round asks the CRM which one answers, the others use the answer.
  const guard = organisationGuard(db, client, log);
  async function allowed(ask: boolean): Promise<{ awayMs?: number; ok: boolean }> {
    try {
      return { ok: (await guard.refusal(ask)) === null };
    } catch (error) {
      if (!(error instanceof CrmUnavailable)) throw error;
      // A sync round says why (a refused token, an unreachable CRM); pushes only wait.
      if (ask) log.warn({ err: error }, 'the CRM sync round could not reach the CRM');
      await noteCrmAway(db, error.retryAfterMs);
      return { ok: false, awayMs: error.retryAfterMs ?? 0 };
    }
  }

  const connector: CrmConnector = {
    client,
    async connect() {
      await db.insert(crmConnection).values({ provider: client.name }).onConflictDoNothing();
    },
    // Each waits out a Retry-After the CRM gave any instance, and records the one it gets.
    async syncNow() {
      const away = await crmAwayMs(db);
      if (away > 0) return { applied: 0, removed: 0, reported: 0, failed: [], crmAwayMs: away };
      const check = await allowed(true);
      if (!check.ok) {
        // Nothing was synced: every kind of record waits for the next round.
        const failed = [...CRM_ENTITIES];
        return { applied: 0, removed: 0, reported: 0, failed, crmAwayMs: check.awayMs };
      }
      const outcome = await syncAll(db, client, log);
      await noteCrmAway(db, outcome.crmAwayMs);
      return outcome;
    },
    async pushNow() {
      const away = await crmAwayMs(db);
      if (away > 0) return { pushed: 0, retried: 0, parked: 0, merged: 0, crmAwayMs: away };
      const check = await allowed(false);
      if (!check.ok)
        return { pushed: 0, retried: 0, parked: 0, merged: 0, crmAwayMs: check.awayMs };
      const outcome = await pushOutbox(db, client, log, { stopped: () => stopping });
      await noteCrmAway(db, outcome.crmAwayMs);
      return outcome;
    },
    refreshPicklists: async () =>
      (await allowed(false)).ok ? notingAway(db, () => refreshPicklists(db, client)) : 0,
    refreshDue: (customerId) => Date.now() - (refreshed.get(customerId) ?? 0) >= syncSeconds * 1000,
    async refreshPerson(customerId) {
      if (!connector.refreshDue(customerId) || (await crmAwayMs(db)) > 0) return;
      if (!(await allowed(false)).ok) return;
      refreshed.set(customerId, Date.now());
      if (refreshed.size > 10_000) refreshed.clear();
      await notingAway(db, () => refreshCustomer(db, client, log, customerId));
    },
    health: () => crmHealth(db, client.name, syncSeconds),
    acceptOrganisation: (organisation) => acceptOrganisation(db, log, organisation),
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      const every = (ms: number, work: () => Promise<unknown>) => {
        const tick = () => {
          if (stopped) return;
          const round = work()
            .catch((error: unknown) => log.warn({ err: error }, 'a CRM round failed'))
            .finally(() => {
              running.delete(round);
              if (stopped) return;
              const timer = setTimeout(() => {
                timers.delete(timer);
                tick();
              }, ms);
              timer.unref();
              timers.add(timer);
            });
          running.add(round);
        };
        tick();
      };
      // While the CRM is busy or away, pushing pauses (1 s doubling to 10 s, or its
      // Retry-After): every round would otherwise claim and release the whole backlog again.
      let awayRounds = 0;
      let pausedUntil = 0;
      every(pushIntervalMs, async () => {
        if (Date.now() < pausedUntil) return;
        const outcome = await connector.pushNow();
        if (outcome.crmAwayMs === undefined) {
          awayRounds = 0;
          return;
        }
        awayRounds++;
        const pause = Math.max(outcome.crmAwayMs, Math.min(10_000, 1000 * 2 ** (awayRounds - 1)));
        pausedUntil = Date.now() + pause;
      });
      every(syncSeconds * 1000, async () => {
        if (!(await holdLease()) || (await crmAwayMs(db)) > 0) return;
        if (Date.now() - picklistsAt > picklistMs) {
          await connector.refreshPicklists();
          picklistsAt = Date.now();
        }
        const outcome = await connector.syncNow();
        await forgetSentWrites(db);
        const health = await connector.health();
        log.info({ crm: { ...health, entities: undefined }, sync: outcome }, 'CRM sync round');
      });
    },
    async stop() {
      stopped = true;
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // A round ends after the writes in hand; a sync page may take longer: a stop waits at most
      // STOP_WAIT_MS, and what a round had not finished is done again by the next start.
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref()),
      ]);
    },
  };
  return connector;
}
