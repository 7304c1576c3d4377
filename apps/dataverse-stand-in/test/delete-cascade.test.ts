import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoAccountId,
  demoContactId,
  startDataverseStandIn,
  type DataverseStandIn,
} from '../src/index.ts';
import { api, token } from './support.ts';

// A delete follows the relationship's cascade configuration (Microsoft Learn, "Configure table
// relationship cascading behavior":
// https://learn.microsoft.com/power-apps/developer/data-platform/configure-entity-relationship-cascading-behavior).
// The portal's provisioning makes its lookups with Delete "RemoveLink"
// (apps/api/src/crm-sync/dataverse/provision/bodies.ts): deleting a contact, an account or a
// location empties the lookups of the pp_ rows naming it, each a new version change tracking
// reports, and leaves those rows.

let standIn: DataverseStandIn;
let bearer: string;
beforeAll(async () => {
  standIn = await startDataverseStandIn();
  bearer = await token(standIn);
});
afterAll(() => standIn.stop());

const naming = (set: string, column: string, id: string) =>
  standIn.table(set).filter((row) => row[column] === id);

describe('delete with RemoveLink', () => {
  it("empties a deleted contact's lookups in memberships and assignments", async () => {
    const ben = demoContactId('ben.krause@example.com');
    const memberships = naming('pp_memberships', '_pp_contactid_value', ben);
    const assignments = naming('pp_locationassignments', '_pp_contactid_value', ben);
    expect(memberships.length).toBeGreaterThan(0);
    const tracked = await api(standIn, bearer, 'pp_memberships?$select=_pp_contactid_value', {
      headers: { prefer: 'odata.track-changes' },
    });
    expect((await api(standIn, bearer, `contacts(${ben})`, { method: 'DELETE' })).status).toBe(204);
    for (const row of memberships) {
      expect(standIn.record('pp_memberships', String(row.pp_membershipid))).toMatchObject({
        _pp_contactid_value: null,
      });
    }
    for (const row of assignments) {
      expect(
        standIn.record('pp_locationassignments', String(row.pp_locationassignmentid)),
      ).toMatchObject({ _pp_contactid_value: null });
    }
    const delta = await api(standIn, bearer, tracked.body['@odata.deltaLink']);
    expect(delta.body.value.map((row: { pp_membershipid: string }) => row.pp_membershipid)).toEqual(
      expect.arrayContaining(memberships.map((row) => row.pp_membershipid)),
    );
  });

  it("empties a deleted account's lookups in locations and memberships", () => {
    const markt = demoAccountId('markt');
    const locations = naming('pp_locations', '_pp_accountid_value', markt);
    expect(locations.length).toBeGreaterThan(0);
    expect(standIn.remove('accounts', markt)).toBe(true);
    expect(naming('pp_locations', '_pp_accountid_value', markt)).toEqual([]);
    expect(naming('pp_memberships', '_pp_accountid_value', markt)).toEqual([]);
    for (const row of locations) {
      expect(standIn.record('pp_locations', String(row.pp_locationid))).toBeDefined();
    }
  });
});
