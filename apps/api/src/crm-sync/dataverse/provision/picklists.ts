import { readdirSync, readFileSync } from 'node:fs';
import type { PicklistValue } from './desired.ts';

// The portal's first picklist values, as its migrations insert them into `picklist_values`:
// the options a new environment's option sets start with. (Once the CRM holds them, the CRM's
// option sets are the record and the sync copies them into the portal, `sync/picklists.ts`.)
// Read from the SQL rather than a database, so that provisioning needs no running portal.

const MIGRATIONS_DIR = new URL('../../../db/migrations/', import.meta.url);

const ROW = /\(\s*'([^']*)',\s*'([^']*)',\s*'((?:[^']|'')*)',\s*'((?:[^']|'')*)',\s*(\d+)\s*\)/g;

/** The rows of every `INSERT INTO "picklist_values"` of the migrations, in file order. */
export function seedPicklists(dir: URL = MIGRATIONS_DIR): PicklistValue[] {
  const rows: PicklistValue[] = [];
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  for (const file of files) {
    const sql = readFileSync(new URL(file, dir), 'utf8');
    for (const statement of sql.split('--> statement-breakpoint')) {
      if (!/INSERT INTO "picklist_values"/i.test(statement)) continue;
      for (const [, list, code, labelDe, labelEn, sortOrder] of statement.matchAll(ROW)) {
        rows.push({
          list: list!,
          code: code!,
          labelDe: labelDe!.replaceAll("''", "'"),
          labelEn: labelEn!.replaceAll("''", "'"),
          sortOrder: Number(sortOrder),
        });
      }
    }
  }
  return rows;
}
