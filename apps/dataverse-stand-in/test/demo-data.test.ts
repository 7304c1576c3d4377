import { DEMO_PRACTICES, DEMO_USERS } from '@pp/demo-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoAccountId,
  demoContactId,
  demoLocationId,
  startDataverseStandIn,
  type DataverseStandIn,
} from '../src/index.ts';
import { DEMO_AS_TYPED } from '../src/demo.ts';

// The stand-in holds the demo data of `npm start` (packages/demo-data, as
// apps/api/src/db/seed/demo.ts writes it) in the default mapping's tables and columns, with keys
// that are the same in every run.

let standIn: DataverseStandIn;
beforeAll(async () => {
  standIn = await startDataverseStandIn();
});
afterAll(() => standIn.stop());

describe('demo data', () => {
  it('has the demo practices as accounts and their locations', () => {
    const accounts = standIn.table('accounts');
    expect(accounts.map((a) => a.accountnumber).sort()).toEqual(['P-900001', 'P-900002']);
    const sommer = standIn.record('accounts', demoAccountId('sommer'))!;
    expect(sommer).toMatchObject({
      name: DEMO_PRACTICES.sommer.name,
      address1_line1: 'Friedrichstraße 120',
      address1_country: 'DE',
      websiteurl: DEMO_PRACTICES.sommer.website,
      statecode: 0,
    });
    const locations = standIn.table('pp_locations');
    expect(locations).toHaveLength(3);
    expect(standIn.record('pp_locations', demoLocationId('sommer', 1))).toMatchObject({
      pp_name: 'Praxis Prenzlauer Berg',
      _pp_accountid_value: demoAccountId('sommer'),
      pp_phonenumber: null,
    });
  });

  it('has the demo people with their e-mail addresses, memberships and assignments', () => {
    const contacts = standIn.table('contacts');
    expect(contacts.map((c) => c.emailaddress1).sort()).toEqual(
      DEMO_USERS.map((u) => u.email).sort(),
    );
    const david = standIn.record('contacts', demoContactId('david.markt@example.com'))!;
    expect(david).toMatchObject({
      firstname: 'David',
      pp_titlecode: 'DR_MED',
      _parentcustomerid_value: demoAccountId('markt'),
    });
    const memberships = standIn.table('pp_memberships');
    expect(memberships).toHaveLength(DEMO_USERS.reduce((sum, u) => sum + u.memberships.length, 0));
    expect(
      memberships.find(
        (m) =>
          m._pp_contactid_value === demoContactId('anna.sommer@example.com') &&
          m._pp_accountid_value === demoAccountId('markt'),
      )?.pp_role,
    ).toBe(100000000);
    expect(standIn.table('pp_locationassignments')).toEqual([
      expect.objectContaining({
        _pp_contactid_value: demoContactId('clara.wolf@example.com'),
        _pp_locationid_value: demoLocationId('sommer', 0),
      }),
    ]);
  });

  it('has some values as CRM users leave them: a country in words, empty portal columns', () => {
    expect(standIn.record('accounts', demoAccountId('markt'))).toMatchObject({
      address1_country: 'Deutschland',
    });
    expect(
      standIn.record(
        'pp_locations',
        demoLocationId('sommer', DEMO_AS_TYPED.sommerLocationWithoutCountry),
      ),
    ).toMatchObject({ pp_country: null });
    expect(
      standIn.record('contacts', demoContactId(DEMO_AS_TYPED.contactWithoutLanguage)),
    ).toMatchObject({ pp_preferredlanguage: null });
  });

  it('uses the same keys in every run, and starts empty with demo: false', async () => {
    const other = await startDataverseStandIn({ demo: false });
    try {
      expect(other.table('contacts')).toEqual([]);
    } finally {
      await other.stop();
    }
    expect(demoContactId('anna.sommer@example.com')).toBe(
      standIn.table('contacts').find((c) => c.firstname === 'Anna')!.contactid,
    );
    expect(demoAccountId('sommer')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
