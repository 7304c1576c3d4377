import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoAccountId } from '@pp/dataverse-stand-in';
import { companies } from '../../src/db/schema.ts';
import { OPERATOR_TOKEN, useSyncedCrm } from '../support/crm.ts';
import { demoPracticeIds } from '../support/demo.ts';

// Outside probe of main, M3: a text the CRM holds empty or as blanks is no value. Where the
// portal's column may be empty it is stored as null: a practice without an account number has
// no customer number ("noch keine"), not an empty one.

describe('empty and blank texts from the CRM', () => {
  const { crm, db, round } = useSyncedCrm({ pageSize: 50, env: { OPERATOR_TOKEN } });
  const practice = async (id: string) =>
    (await db().select().from(companies).where(eq(companies.id, id)))[0];

  it.each([
    ['sommer', ''],
    ['markt', '  '],
  ] as const)(
    'stores the account number of %s given as %j as no customer number',
    async (key, value) => {
      const ids = await demoPracticeIds(db());
      crm.standIn.edit('accounts', demoAccountId(key), { accountnumber: value, telephone1: '' });
      expect((await round()).reported).toBe(0);
      expect(await practice(ids[key])).toMatchObject({ customerNumber: null, phone: null });
    },
  );
});
