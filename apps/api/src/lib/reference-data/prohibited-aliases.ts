import { asc } from 'drizzle-orm';
import type { Executor } from '@pp/database';
import { prohibitedAliases } from '../../db/schema.ts';

/**
 * How long an instance keeps the list: it changes with a migration or an operator's statement,
 * never through the portal, and every request that takes an address read it (issue 46: a
 * statement of every invitation).
 */
export const PROHIBITED_ALIASES_KEPT_MS = 60_000;

interface Kept {
  aliases: Promise<string[]>;
  until: number;
}

const kept = new WeakMap<Executor, Kept>();

async function read(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ alias: prohibitedAliases.alias })
    .from(prohibitedAliases)
    .orderBy(asc(prohibitedAliases.alias));
  return rows.map((row) => row.alias);
}

/**
 * Local parts of shared mailboxes (reference data, docs/product.md §3), sorted: read at most once
 * a minute per database, a change seen by every instance within {@link PROHIBITED_ALIASES_KEPT_MS}.
 * Concurrent requests share one read; a failed read is not kept.
 */
export function prohibitedAliasesOf(db: Executor): Promise<string[]> {
  const now = Date.now();
  const current = kept.get(db);
  if (current && current.until > now) return current.aliases;
  const aliases = read(db);
  kept.set(db, { aliases, until: now + PROHIBITED_ALIASES_KEPT_MS });
  aliases.catch(() => {
    if (kept.get(db)?.aliases === aliases) kept.delete(db);
  });
  return aliases;
}
