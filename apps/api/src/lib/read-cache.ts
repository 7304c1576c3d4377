import type { Database } from '../db/client.ts';

/** The tables whose changes the database reports (the `pp_change` triggers of migration 0008). */
export type WatchedTable =
  | 'customers'
  | 'identity_links'
  | 'companies'
  | 'memberships'
  | 'invitations'
  | 'locations'
  | 'location_assignments';

/**
 * What a kind of read is built from (a change of any of these tables drops all it kept), and how
 * many answers it keeps: past that the oldest goes, so ids or pages a caller makes up cannot grow
 * memory (a page of 100 employees is tens of kilobytes, a membership a few hundred bytes).
 */
const KINDS = {
  linkedCustomer: { tables: ['identity_links', 'customers'], max: 5_000 },
  membership: { tables: ['memberships', 'companies'], max: 5_000 },
  practicesOf: { tables: ['memberships', 'companies'], max: 5_000 },
  locationsPage: { tables: ['locations', 'location_assignments'], max: 500 },
  employeesPage: {
    tables: ['memberships', 'customers', 'invitations', 'location_assignments', 'locations'],
    max: 500,
  },
} as const satisfies Record<string, { tables: readonly WatchedTable[]; max: number }>;

export type ReadKind = keyof typeof KINDS;

/** How many answers of a kind are kept at most. */
export const maxEntriesOf = (kind: ReadKind): number => KINDS[kind].max;

/**
 * Answers of frequent reads, kept in memory on the embedded database only (decision 0042).
 * `read` runs `load` on a miss; what it keeps is dropped as soon as the database reports a
 * committed change of a table the kind reads. A read that overlapped a change is not kept. Use
 * it with the database itself, never inside a transaction (which sees uncommitted rows). Answers
 * are frozen: a caller that tried to change one would fail loudly, not change the next caller's.
 */
export interface ReadCache {
  read<T>(kind: ReadKind, key: string, load: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

interface Kept {
  entries: Map<string, unknown>;
  /** Counts the changes reported for this kind; a load that saw it move is not kept. */
  generation: number;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** On a server: every read asks the database. Answers are frozen here too, so that code which
 * would change a kept answer fails on both databases alike. */
const passThrough: ReadCache = {
  read: async (_kind, _key, load) => deepFreeze(await load()),
  close: async () => undefined,
};

export async function createReadCache(database: Database): Promise<ReadCache> {
  if (!database.onTableChange) return passThrough;
  const kept = Object.fromEntries(
    Object.keys(KINDS).map((kind) => [kind, { entries: new Map(), generation: 0 }]),
  ) as Record<ReadKind, Kept>;
  const kindsOf = new Map<string, Kept[]>();
  for (const [kind, { tables }] of Object.entries(KINDS) as [
    ReadKind,
    { tables: readonly WatchedTable[] },
  ][]) {
    for (const table of tables) kindsOf.set(table, [...(kindsOf.get(table) ?? []), kept[kind]]);
  }
  const stop = await database.onTableChange((table) => {
    for (const kind of kindsOf.get(table) ?? []) {
      kind.generation += 1;
      kind.entries.clear();
    }
  });
  return {
    async read<T>(kind: ReadKind, key: string, load: () => Promise<T>): Promise<T> {
      const { entries } = kept[kind];
      if (entries.has(key)) return entries.get(key) as T;
      const generation = kept[kind].generation;
      const value = await load();
      if (kept[kind].generation === generation) {
        if (entries.size >= KINDS[kind].max) entries.delete(entries.keys().next().value!);
        entries.set(key, deepFreeze(value));
      }
      return value;
    },
    async close() {
      for (const kind of Object.values(kept)) kind.entries.clear();
      await stop().catch(() => undefined);
    },
  };
}
