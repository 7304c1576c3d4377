import type { Executor } from '../../db/client.ts';
import type { CrmEntity, CrmValue } from '../crm-client.ts';
import { CRM_REFERENCES } from '../fields.ts';
import { COLUMNS, fieldOfColumn, valueOfJson } from '../mirror/columns.ts';
import { crmIdOf } from '../mirror/links.ts';
import type { Entry } from './claim.ts';

// What an outbox entry changed, in the CRM client's words: the triggers wrote its columns' values
// before and after.

export interface Change {
  from: CrmValue;
  to: CrmValue;
}

/** The entry's changed columns as the port's fields (columns the CRM does not hold left out). */
export function changedFields(entry: Entry): Map<string, Change> {
  const entity = entry.entity as CrmEntity;
  const fields = new Map<string, Change>();
  for (const [column, change] of Object.entries(
    entry.changes as Record<string, { from: unknown; to: unknown }>,
  )) {
    const field = fieldOfColumn(entity, entry.tableName, column);
    if (!field) continue;
    const place = COLUMNS[entity][field]!;
    fields.set(field, { from: valueOfJson(place, change.from), to: valueOfJson(place, change.to) });
  }
  return fields;
}

export async function valuesOfChange(
  db: Executor,
  entity: CrmEntity,
  changes: Map<string, Change>,
): Promise<Record<string, CrmValue>> {
  const fields: Record<string, CrmValue> = {};
  for (const [field, change] of changes) {
    const target = CRM_REFERENCES[field];
    if (COLUMNS[entity][field]!.kind === 'reference' && target) {
      fields[field] = change.to === null ? null : await crmIdOf(db, target, String(change.to));
    } else {
      fields[field] = change.to;
    }
  }
  return fields;
}
