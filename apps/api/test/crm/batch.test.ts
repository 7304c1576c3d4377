import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CrmLog, CrmRecord } from '../../src/crm-sync/crm-client.ts';
import { applyPage, databaseNow, type SyncOutcome } from '../../src/crm-sync/sync/apply.ts';
import { crmLinks, crmReports, customers } from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';

// A page's records are taken in batches (issue 44: the first import at organisation size): one
// query for the links, matches and references of a batch, no savepoint per record. A record the
// portal cannot take still undoes only itself, whether it is refused before its first write or
// by the database while the batch is written.

describe('the records of a CRM page, taken in batches', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  const warnings: unknown[] = [];
  const log = {
    info: () => {},
    warn: (entry: unknown) => warnings.push(entry),
    error: () => {},
  } as unknown as CrmLog;
  const contact = (fields: Record<string, string | null>): CrmRecord => ({
    entity: 'customer',
    id: randomUUID(),
    etag: `W/"${Math.random()}"`,
    fields: { firstName: 'Bea', lastName: 'Batch', practiceId: null, ...fields },
  });
  const take = async (records: CrmRecord[]) => {
    const outcome: SyncOutcome = { applied: 0, removed: 0, reported: 0 };
    const readAt = await databaseNow(db());
    await applyPage(db(), log, 'customer', { changed: records, removed: [] }, readAt, outcome);
    return outcome;
  };
  const linked = async (records: CrmRecord[]) =>
    (
      await db()
        .select({ crmId: crmLinks.crmId })
        .from(crmLinks)
        .where(
          and(
            eq(crmLinks.entity, 'customer'),
            inArray(
              crmLinks.crmId,
              records.map((record) => record.id),
            ),
          ),
        )
    ).map((row) => row.crmId);
  const reported = async (record: CrmRecord) =>
    (
      await db()
        .select({ reason: crmReports.reason })
        .from(crmReports)
        .where(eq(crmReports.crmId, record.id))
    )[0]?.reason;

  it('takes a batch whose every record can be taken, each linked to its row', async () => {
    const records = [1, 2, 3].map((n) => contact({ email: `batch.${n}@example.com` }));
    expect(await take(records)).toEqual({ applied: 3, removed: 0, reported: 0 });
    expect((await linked(records)).sort()).toEqual(records.map((r) => r.id).sort());
  });

  it('takes a record whose company the portal lacks with the others of its batch', async () => {
    // A contact's company only sets the primary practice (outside probe of main, H4): one the
    // portal does not hold keeps nothing out.
    const missing = randomUUID();
    const records = [
      contact({ email: 'batch.4@example.com' }),
      contact({ email: 'batch.5@example.com', practiceId: missing }),
      contact({ email: 'batch.6@example.com' }),
    ];
    expect(await take(records)).toEqual({ applied: 3, removed: 0, reported: 0 });
    expect(await linked(records)).toHaveLength(3);
    expect(await reported(records[1]!)).toBeUndefined();
    const [row] = await db()
      .select({ primary: customers.primaryCompanyId })
      .from(customers)
      .where(eq(customers.id, records[1]!.id));
    expect(row).toEqual({ primary: null });
  });

  it('undoes only the record the database refuses: the others of its batch are taken', async () => {
    // A linked contact given another customer's address (as typed, in capitals): the customers
    // table keeps addresses unique.
    const holder = contact({ email: 'batch.9@example.com' });
    const moving = contact({ email: 'batch.10@example.com' });
    expect(await take([holder, moving])).toEqual({ applied: 2, removed: 0, reported: 0 });
    const refused: CrmRecord = {
      ...moving,
      etag: 'W/"moved"',
      fields: { ...moving.fields, email: 'Batch.9@Example.com' },
    };
    const records = [
      contact({ email: 'batch.7@example.com' }),
      refused,
      contact({ email: 'batch.8@example.com' }),
    ];
    warnings.length = 0;
    expect(await take(records)).toEqual({ applied: 2, removed: 0, reported: 1 });
    expect(await linked([records[0]!, records[2]!])).toHaveLength(2);
    // Named by its constraint: neither the statement nor the address (probe of issue 44, H3).
    expect(await reported(refused)).toBe("the portal's database refused it: customers_email_key");
    const rows = await db()
      .select({ email: customers.email })
      .from(customers)
      .where(inArray(customers.email, ['batch.7@example.com', 'batch.8@example.com']));
    expect(rows).toHaveLength(2);
    // Reported once: the batch undone logged nothing.
    expect(warnings).toHaveLength(1);
    // Read again unchanged: reported before, not again.
    expect(await take([refused])).toEqual({ applied: 0, removed: 0, reported: 0 });
  });
});
