import { errors } from './errors.ts';
import type { OptionSet } from './option-sets.ts';
import {
  ENTITY_SETS,
  entitySet,
  lookupByNavigation,
  lookupValueName,
  type EntitySet,
} from './schema.ts';

// The stand-in's rows. Each row is kept as the Web API reads it (lookups as `_x_value`), with a
// version from one counter for the whole environment, like Dataverse's row version: the ETag is
// `W/"<version>"`, and change tracking answers "what has a version above the token's". A
// removed row leaves its key and the version of its removal, so a delta can report it.

export type Row = Record<string, unknown>;

/** A lookup to a table, and what deleting a row of that table does to the rows naming it. */
export interface DeleteBehaviour {
  /** The entity set of the rows with the lookup. */
  set: string;
  /** The lookup column (`parentcustomerid`). */
  column: string;
  /** The relationship's CascadeConfiguration.Delete: Cascade, RemoveLink or Restrict. */
  action: string;
}

/** Every lookup of the schema to `target`, with Delete RemoveLink. */
function removeLinksTo(target: string): DeleteBehaviour[] {
  return ENTITY_SETS.flatMap((entity) =>
    Object.entries(entity.columns)
      .filter(([, type]) => type.kind === 'lookup' && type.target === target)
      .map(([column]) => ({ set: entity.set, column, action: 'RemoveLink' })),
  );
}

export interface StoredRow {
  id: string;
  row: Row;
  version: number;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isGuid(text: string): boolean {
  return GUID.test(text.toLowerCase());
}

export function etagOf(version: number): string {
  return `W/"${version}"`;
}

/** The index in sorted `keys` where `key` goes (`after`: the first key greater than it). */
function insertionPoint(keys: readonly string[], key: string, after: boolean): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const here = keys[middle]!;
    if (here < key || (after && here === key)) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class Store {
  /** Starts high, like a real environment's row versions, and never repeats. */
  private version = 4_711_000;
  private readonly tables = new Map<string, Map<string, StoredRow>>();
  private readonly removed = new Map<string, Map<string, number>>();
  /**
   * Each table's keys in order, kept up to date by `put` and `remove` (null: sorted when next
   * read), so that a page of a table with a million rows costs a search, not a sort.
   */
  private readonly order = new Map<string, string[] | null>();
  /** The lookup behind a navigation property; the environment's metadata once it exists. */
  lookupOf: (
    entity: EntitySet,
    navigation: string,
  ) => { column: string; target: string } | undefined = lookupByNavigation;
  /**
   * The lookups to a table and their relationships' Delete cascade; the environment's metadata
   * once it exists (index.ts). Without it, every lookup is RemoveLink, Dataverse's default for a
   * new relationship.
   */
  deleteBehaviourOf: (set: string) => DeleteBehaviour[] = removeLinksTo;

  constructor(readonly optionSets: Map<string, OptionSet>) {
    for (const entity of ENTITY_SETS) {
      this.tables.set(entity.set, new Map());
      this.removed.set(entity.set, new Map());
    }
  }

  get currentVersion(): number {
    return this.version;
  }

  private table(set: string): Map<string, StoredRow> {
    const table = this.tables.get(set);
    if (!table) throw new Error(`no entity set ${set}`);
    return table;
  }

  get(set: string, id: string): StoredRow | undefined {
    return this.table(set).get(id.toLowerCase());
  }

  /** The table's keys in the order Dataverse returns rows without `$orderby`: by primary key. */
  private keys(set: string): string[] {
    let keys = this.order.get(set);
    if (!keys) {
      keys = [...this.table(set).keys()].sort();
      this.order.set(set, keys);
    }
    return keys;
  }

  /** Rows in the order Dataverse returns them without `$orderby`: by primary key. */
  rows(set: string): StoredRow[] {
    const table = this.table(set);
    return this.keys(set).map((key) => table.get(key)!);
  }

  /** At most `count` rows after the key `after` (from the first without it), by primary key. */
  rowsAfter(set: string, after: string | undefined, count: number): StoredRow[] {
    const keys = this.keys(set);
    const start = after === undefined ? 0 : insertionPoint(keys, after, true);
    const table = this.table(set);
    return keys.slice(start, start + count).map((key) => table.get(key)!);
  }

  /** How many rows the table holds. */
  size(set: string): number {
    return this.table(set).size;
  }

  /**
   * Adds rows (in the stored shape, with their keys) without a version each: a seed of a large
   * organisation, as if its records had been made before the portal's first look.
   */
  seed(set: string, rows: Iterable<Row>): void {
    const entity = entitySet(set)!;
    const table = this.table(set);
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    for (const changes of rows) {
      const key = String(changes[entity.key]).toLowerCase();
      const version = ++this.version;
      const row: Row = { ...this.emptyRow(entity), ...changes, createdon: now, modifiedon: now };
      row[entity.key] = key;
      row.versionnumber = version;
      if (set === 'contacts') {
        row.fullname =
          [row.firstname, row.lastname].filter((part) => typeof part === 'string').join(' ') ||
          null;
      }
      table.set(key, { id: key, row, version });
    }
    this.order.set(set, null);
  }

  /** Rows changed after `since`, by primary key (a scan of the table, no copy of it). */
  changedSince(set: string, since: number): StoredRow[] {
    const changed: StoredRow[] = [];
    for (const stored of this.table(set).values()) if (stored.version > since) changed.push(stored);
    return changed.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** Keys removed after `since`, with the version of their removal. */
  removedSince(set: string, since: number): string[] {
    const removed = this.removed.get(set)!;
    return [...removed.entries()]
      .filter(([id, version]) => version > since && !this.table(set).has(id))
      .map(([id]) => id);
  }

  /**
   * Writes `changes` (already in the stored shape) to the row `id`, creating it when absent;
   * the service's columns (versionnumber, modifiedon, fullname, statuscode) follow.
   */
  put(set: string, id: string, changes: Row): StoredRow {
    const entity = entitySet(set)!;
    const key = id.toLowerCase();
    const table = this.table(set);
    const existing = table.get(key);
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const version = ++this.version;
    const row: Row = existing
      ? { ...existing.row, ...changes }
      : { ...this.emptyRow(entity), ...changes, createdon: now };
    row[entity.key] = key;
    row.modifiedon = now;
    row.versionnumber = version;
    if (changes.statecode !== undefined && changes.statuscode === undefined) {
      row.statuscode = changes.statecode === 1 ? 2 : 1;
    }
    if (set === 'contacts') {
      row.fullname =
        [row.firstname, row.lastname].filter((part) => typeof part === 'string').join(' ') || null;
    }
    const stored = { id: key, row, version };
    table.set(key, stored);
    this.removed.get(set)!.delete(key);
    const keys = this.order.get(set);
    if (!existing && keys) keys.splice(insertionPoint(keys, key, false), 0, key);
    return stored;
  }

  /**
   * Removes a row as Dataverse deletes a record: along each relationship naming its table, by
   * the relationship's Delete cascade (`deleteBehaviourOf`), the rows naming it are deleted too
   * (Cascade, and theirs in turn), lose the lookup (RemoveLink, each in a new version), or keep
   * the whole delete from happening while they exist (Restrict: 405 CannotDeleteDueToAssociation,
   * and nothing changes). Microsoft Learn: "Configure table relationship cascading behavior",
   * https://learn.microsoft.com/power-apps/developer/data-platform/configure-entity-relationship-cascading-behavior.
   */
  remove(set: string, id: string): boolean {
    const key = id.toLowerCase();
    if (!this.table(set).has(key)) return false;
    // What goes: the row, and the rows along Delete "Cascade" from each row that goes.
    const going: { set: string; key: string }[] = [{ set, key }];
    const goes = new Set([`${set}:${key}`]);
    for (let i = 0; i < going.length; i++) {
      const parent = going[i]!;
      for (const behaviour of this.deleteBehaviourOf(parent.set)) {
        if (behaviour.action !== 'Cascade') continue;
        for (const child of this.naming(behaviour, parent.key)) {
          if (goes.has(`${behaviour.set}:${child}`)) continue;
          goes.add(`${behaviour.set}:${child}`);
          going.push({ set: behaviour.set, key: child });
        }
      }
    }
    // A row that stays and names one that would go along Restrict: nothing is deleted.
    const links: { set: string; key: string; column: string }[] = [];
    for (const parent of going) {
      for (const behaviour of this.deleteBehaviourOf(parent.set)) {
        for (const child of this.naming(behaviour, parent.key)) {
          if (goes.has(`${behaviour.set}:${child}`)) continue;
          if (behaviour.action === 'Restrict') throw errors.cannotDeleteDueToAssociation();
          if (behaviour.action === 'RemoveLink') {
            links.push({ set: behaviour.set, key: child, column: behaviour.column });
          }
        }
      }
    }
    for (const row of going) {
      this.table(row.set).delete(row.key);
      this.removed.get(row.set)!.set(row.key, ++this.version);
      const keys = this.order.get(row.set);
      if (keys) keys.splice(insertionPoint(keys, row.key, false), 1);
    }
    for (const link of links)
      this.put(link.set, link.key, { [lookupValueName(link.column)]: null });
    return true;
  }

  /** The keys of the rows whose lookup of `behaviour` names `key` (a scan, no copy). */
  private naming(behaviour: DeleteBehaviour, key: string): string[] {
    const name = lookupValueName(behaviour.column);
    const found: string[] = [];
    for (const stored of this.table(behaviour.set).values()) {
      if (stored.row[name] === key) found.push(stored.id);
    }
    return found;
  }

  private emptyRow(entity: EntitySet): Row {
    const row: Row = {};
    for (const [name, type] of Object.entries(entity.columns)) {
      row[type.kind === 'lookup' ? lookupValueName(name) : name] = null;
    }
    row.statecode = 0;
    row.statuscode = 1;
    return row;
  }
}
