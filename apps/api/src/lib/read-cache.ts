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

/** What a kind of read is built from: a change of any of these tables drops all it kept. */
const KINDS = {
  linkedCustomer: ['identity_links', 'customers'],
  membership: ['memberships', 'companies'],
  practicesOf: ['memberships', 'companies'],
  locationsPage: ['locations', 'location_assignments'],
  employeesPage: ['memberships', 'customers', 'invitations', 'location_assignments', 'locations'],
} as const satisfies Record<string, readonly WatchedTable[]>;

export type ReadKind = keyof typeof KINDS;

/** Answers kept per kind; past it the oldest goes (ids from a hostile caller cannot grow it). */
export const MAX_ENTRIES_PER_KIND = 5_000;

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
  for (const [kind, tables] of Object.entries(KINDS) as [ReadKind, readonly WatchedTable[]][]) {
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
        if (entries.size >= MAX_ENTRIES_PER_KIND) entries.delete(entries.keys().next().value!);
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
