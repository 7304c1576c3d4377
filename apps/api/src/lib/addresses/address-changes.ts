import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_COUNTRY, FieldErrorCode, isPostalCode } from '@pp/contract';
import type { Db, Executor } from '../../db/client.ts';
import { audit } from '../audit/audit-log.ts';
import { ApiError } from '../http/problem.ts';

/** The fields of an address that practices and locations share. */
export const ADDRESS_FIELDS = ['name', 'street', 'postalCode', 'city', 'country'] as const;

/** What every stored address has: the postal code is checked against the country. */
interface StoredAddress {
  postalCode: string | null;
  country: string | null;
}

export interface AddressUpdate<Row extends StoredAddress, F extends keyof Row> {
  /**
   * Reads the stored record in the transaction and locks its row (`for update`): the check of
   * the postal code against the country sees the record it is written onto, even when another
   * save of it runs at the same time (issue 23).
   */
  lock(tx: Executor): Promise<Row | undefined>;
  /** The validated body: its fields have the columns' types; an absent one stays as it is. */
  body: Partial<Pick<Row, F>>;
  fields: readonly F[];
  actorCustomerId: string;
  /** What the audit log calls the record (`company.updated`, `location.updated`). */
  entity: 'company' | 'location';
  /** Writes the values in the transaction; answers the rows as they are now. */
  write(tx: Executor, values: Partial<Pick<Row, F>> & { updatedAt: SQL }): Promise<Row[]>;
  /** The record and the practice the audit entry names. */
  audited(row: Row): { entityId: string; companyId: string };
  /**
   * Fields whose change `write` records in an entry of its own (the second-factor requirement):
   * left out of the `*.updated` entry, so the log names one change once (issue 43).
   */
  auditedApart?: readonly F[];
}

/** The fields the body changes: sent, and different from what is stored. */
function changesOf<Row, F extends keyof Row>(
  stored: Row,
  body: Partial<Pick<Row, F>>,
  fields: readonly F[],
): Partial<Pick<Row, F>> {
  const changes: Partial<Pick<Row, F>> = {};
  for (const field of fields) {
    const value = body[field];
    if (value !== undefined && value !== stored[field]) changes[field] = value;
  }
  return changes;
}

/** Each changed field's stored and new value. */
function changesFromTo<Row, F extends keyof Row>(
  stored: Row,
  changes: Partial<Pick<Row, F>>,
): Record<string, { from: unknown; to: unknown }> {
  const fromTo: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of Object.keys(changes) as F[]) {
    fromTo[String(field)] = { from: stored[field] ?? null, to: changes[field] ?? null };
  }
  return fromTo;
}

/** The postal code the record will have must fit the country it will have. */
function assertPostalCodeFits(after: StoredAddress): void {
  const country = after.country ?? DEFAULT_COUNTRY;
  if (after.postalCode !== null && !isPostalCode(after.postalCode, country)) {
    throw ApiError.badRequest([
      { field: 'body.postalCode', code: FieldErrorCode.invalidPostalCode },
    ]);
  }
}

/**
 * The update of a practice's or a location's data: only what really changes is written and
 * audited (naming the fields), and a body that changes nothing writes nothing.
 */
export async function updateAddress<Row extends StoredAddress, F extends keyof Row>(
  db: Db,
  update: AddressUpdate<Row, F>,
): Promise<Row> {
  const { entity } = update;
  return db.transaction(async (tx) => {
    const stored = await update.lock(tx);
    if (!stored) throw ApiError.notFound();
    const changes = changesOf(stored, update.body, update.fields);
    assertPostalCodeFits({ ...stored, ...changes });
    const fields = Object.keys(changes);
    if (fields.length === 0) return stored;
    const [row] = await update.write(tx, { ...changes, updatedAt: sql`now()` });
    if (!row) throw ApiError.notFound();
    const apart = new Set<string>((update.auditedApart ?? []).map(String));
    const general = fields.filter((field) => !apart.has(field));
    if (general.length === 0) return row;
    const generalChanges = Object.fromEntries(
      Object.entries(changes).filter(([field]) => !apart.has(field)),
    ) as Partial<Pick<Row, F>>;
    await audit(tx, {
      actorCustomerId: update.actorCustomerId,
      action: `${entity}.updated`,
      entity,
      ...update.audited(row),
      // Old → new of each changed field, for the practice's activity log (decision 0082):
      // addresses, phone numbers and settings of the practice or location, never a secret.
      data: { fields: general, changes: changesFromTo(stored, generalChanges) },
    });
    return row;
  });
}
