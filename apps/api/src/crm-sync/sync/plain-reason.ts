import { CrmRefused, CrmUnavailable } from '../crm-client.ts';
import { LinkedElsewhere, MissingReference } from '../mirror/links.ts';

// Why a CRM record was not taken, as an operator reads it at `/operator/crm`, in the log and in
// the audit log (probe of issue 44, H3): never the failed statement or its parameters, which
// hold people's addresses and names. A refusal of the database is named by its constraint (or
// the column left empty); the actual error stays out of every report.

interface DatabaseRefusal {
  code: string;
  constraint?: string | undefined;
  table?: string | undefined;
  column?: string | undefined;
}

/** The database's own error inside an error (Drizzle wraps it as `cause`). */
function refusalIn(error: unknown): DatabaseRefusal | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const found = current as Partial<DatabaseRefusal> & { cause?: unknown };
    if (typeof found.code === 'string' && /^[0-9A-Z]{5}$/.test(found.code)) {
      return found as DatabaseRefusal;
    }
    current = found.cause;
  }
  return undefined;
}

/** A plain reason for an error met while taking a record: no values, no SQL. */
export function plainReason(error: unknown): string {
  if (error instanceof MissingReference || error instanceof LinkedElsewhere) return error.message;
  const refusal = refusalIn(error);
  if (!refusal) return 'the portal could not take it';
  if (refusal.constraint) return `the portal's database refused it: ${refusal.constraint}`;
  if (refusal.code === '23502' && refusal.table && refusal.column) {
    return `the portal's database refused it: ${refusal.table}.${refusal.column} is empty`;
  }
  return `the portal's database refused it (${refusal.code})`;
}

/**
 * A plain reason for the failure of a kind of record's sync (`crm_sync_state.last_error` and the
 * log): the CRM client's own words for a CRM that refused or was away (they name the request,
 * not a record's values), a database refusal by its constraint or code, and otherwise only the
 * kind of error — never a failed statement with its parameters.
 */
export function plainSyncError(error: unknown): string {
  if (error instanceof CrmUnavailable || error instanceof CrmRefused) return error.message;
  if (refusalIn(error)) return plainReason(error);
  return `the sync failed (${error instanceof Error ? error.name : typeof error})`;
}
