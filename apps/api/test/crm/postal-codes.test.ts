import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, crmReports, locations } from '../../src/db/schema.ts';
import { useCrm } from '../support/crm.ts';

// Outside probe of issue 44 (low): the portal's forms check a postal code against the country
// (a German one has five digits, docs/product.md §3). A record of the CRM meets the rules a
// person's input meets (`portal-rules.ts`): a practice or location whose postal code does not fit
// the country it names is reported with a plain reason, like any value the rules refuse; one
// whose country the portal cannot tell (no country, words naming none) is taken as it is, and
// its form asks on the next save.

const guid = (n: number) => `4949${String(n).padStart(4, '0')}-0000-4000-8000-000000000049`;

describe('postal codes and countries of CRM records', () => {
  const crm = useCrm({ pageSize: 50 });
  beforeAll(async () => {
    await crm.connector.connect();
    expect((await crm.connector.syncNow()).failed).toEqual([]);
  });
  const db = () => crm.db.database.db;
  const reason = async (crmId: string) =>
    (await db().select().from(crmReports).where(eq(crmReports.crmId, crmId)))[0]?.reason;
  /** An account with a location, both made in the CRM. */
  const practiceInCrm = (n: number, account: Record<string, unknown>, location = {}) => {
    crm.standIn.edit('accounts', guid(n), { name: `Praxis ${n}`, ...account });
    crm.standIn.edit('pp_locations', guid(n + 1), {
      _pp_accountid_value: guid(n),
      pp_name: `Standort ${n}`,
      ...location,
    });
  };

  it('reports a German practice whose postal code has not five digits', async () => {
    practiceInCrm(100, { address1_country: 'Deutschland', address1_postalcode: '1234' });
    await crm.connector.syncNow();
    expect(await reason(guid(100))).toBe('values the portal does not take: postalCode');
    expect(
      await db()
        .select()
        .from(companies)
        .where(eq(companies.id, guid(100))),
    ).toEqual([]);
  });

  it('takes a postal code that fits the country, and one whose country is unknown', async () => {
    practiceInCrm(200, { address1_country: 'Österreich', address1_postalcode: '1010' });
    practiceInCrm(300, { address1_country: 'Mordor', address1_postalcode: '1234' });
    expect((await crm.connector.syncNow()).failed).toEqual([]);
    for (const n of [200, 300]) {
      expect(await reason(guid(n))).toBeUndefined();
      expect(
        await db()
          .select()
          .from(companies)
          .where(eq(companies.id, guid(n))),
      ).toHaveLength(1);
    }
  });

  it('checks an Austrian or Swiss postal code as the forms do, and no stricter', async () => {
    // The forms check only a German postal code's digits; another country's has 2 to 12
    // letters, digits, spaces or dashes (`isPostalCode` in the contract), so "A-1010" is taken.
    practiceInCrm(500, { address1_country: 'Schweiz', address1_postalcode: '8' });
    practiceInCrm(600, { address1_country: 'AT', address1_postalcode: 'A-1010' });
    practiceInCrm(700, { address1_country: 'Switzerland', address1_postalcode: 'CH-8001' });
    expect((await crm.connector.syncNow()).failed).toEqual([]);
    expect(await reason(guid(500))).toBe('values the portal does not take: postalCode');
    for (const n of [600, 700]) {
      expect(await reason(guid(n))).toBeUndefined();
      expect(
        await db()
          .select()
          .from(companies)
          .where(eq(companies.id, guid(n))),
      ).toHaveLength(1);
    }
  });

  it('reports a German location whose postal code has not five digits', async () => {
    practiceInCrm(
      400,
      { address1_country: 'DE', address1_postalcode: '10115' },
      { pp_country: 'Deutschland', pp_postalcode: '101150' },
    );
    await crm.connector.syncNow();
    expect(await reason(guid(401))).toBe('values the portal does not take: postalCode');
    expect(
      await db()
        .select()
        .from(locations)
        .where(and(eq(locations.id, guid(401)))),
    ).toEqual([]);
  });
});
