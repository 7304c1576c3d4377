import { asc } from 'drizzle-orm';
import type { Executor } from '@pp/database';
import { prohibitedAliases } from '../../db/schema.ts';

/** Local parts of shared mailboxes (reference data, docs/product.md §3), sorted. */
export async function prohibitedAliasesOf(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ alias: prohibitedAliases.alias })
    .from(prohibitedAliases)
    .orderBy(asc(prohibitedAliases.alias));
  return rows.map((row) => row.alias);
}
