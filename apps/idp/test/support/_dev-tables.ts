// TEMPORARY until the identity_provider migration exists: remove before hand-over.
import { readFileSync, readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { IdpDb } from '../../src/db/database.ts';

export async function ensureDevTables(db: IdpDb) {
  const exists = (await db.execute(sql`select to_regclass('idp_accounts') as t`)) as unknown as {
    rows: { t: unknown }[];
  };
  if (exists.rows[0]?.t) return;
  const dir = '/tmp/idpscratch/migrations';
  const file = readdirSync(dir).find((f) => f.endsWith('.sql'))!;
  for (const statement of readFileSync(`${dir}/${file}`, 'utf8').split(
    '--> statement-breakpoint',
  )) {
    await db.execute(sql.raw(statement));
  }
}
