import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { crmSyncState } from '../../src/db/schema.ts';
import { useCrm } from '../support/crm.ts';

// Outside probe of issue 44 (low): a kind of record whose sync fails keeps its error in
// `crm_sync_state.last_error` (shown to the operator) and logs it. The raw text of a database
// error holds the failed statement's parameters or a message with a record's values: only a
// plain reason is kept and logged (`sync/plain-reason.ts`, as for a reported record).

const guid = (n: number) => `4848${String(n).padStart(4, '0')}-0000-4000-8000-000000000048`;

describe('the error of a failing kind of record', () => {
  const crm = useCrm({ pageSize: 50 });
  beforeAll(async () => {
    await crm.connector.connect();
    expect((await crm.connector.syncNow()).failed).toEqual([]);
  });
  const db = () => crm.db.database.db;

  it('keeps and logs a plain reason, not the raw text with personal data', async () => {
    const contact = guid(1);
    const email = 'geheim.0001@example.com';
    crm.standIn.edit('contacts', contact, { lastname: 'Geheim', emailaddress1: email });
    crm.standIn.edit('pp_memberships', guid(2), {
      _pp_contactid_value: contact,
      _pp_accountid_value: (crm.standIn.table('accounts')[0] as { accountid: string }).accountid,
    });
    expect((await crm.connector.syncNow()).failed).toEqual([]);
    // The person's removal fails in the database with a message naming their address.
    await db().execute(sql`create function pp_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused for %', old.email; end $$`);
    await db().execute(sql`create trigger pp_test_refuse before delete on customers
      for each row execute function pp_test_refuse()`);
    try {
      crm.standIn.remove('contacts', contact);
      crm.logs.length = 0;
      const round = await crm.connector.syncNow();
      expect(round.failed).toEqual(['customer']);
      const [state] = await db()
        .select()
        .from(crmSyncState)
        .where(eq(crmSyncState.entity, 'customer'));
      expect(state?.lastError).toBe("the portal's database refused it (P0001)");
      expect(crm.logs.join('\n')).not.toContain(email);
      expect(crm.logs.join('\n')).not.toContain('Failed query');
    } finally {
      await db().execute(sql`drop trigger pp_test_refuse on customers`);
      await db().execute(sql`drop function pp_test_refuse()`);
    }
  });
});
