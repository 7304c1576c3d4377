import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoAccountId,
  demoContactId,
  startDataverseStandIn,
  type DataverseStandIn,
} from '../src/index.ts';
import { api, token } from './support.ts';

// The Merge action (Microsoft Learn, "Merge Action":
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/reference/merge;
// Dynamics 365: https://learn.microsoft.com/previous-versions/dynamicscrm-2016/developers-guide/mt607669(v=crm.8)):
// POST /Merge with Target, Subordinate, UpdateContent and PerformParentingChecks answers 204;
// the subordinate is deactivated (statecode 1, statuscode 2) with `merged` and `masterid`, and its
// child records name the target along the relationships whose CascadeConfiguration says Merge:
// Cascade ("Configure table relationship cascading behavior",
// https://learn.microsoft.com/power-apps/developer/data-platform/configure-entity-relationship-cascading-behavior),
// as crm:provision makes the portal's lookups to contacts and accounts.

let standIn: DataverseStandIn;
let bearer: string;
beforeAll(async () => {
  standIn = await startDataverseStandIn();
  bearer = await token(standIn);
});
afterAll(() => standIn.stop());

const contact = (id: string) => ({
  '@odata.type': 'Microsoft.Dynamics.CRM.contact',
  contactid: id,
});
const merge = (body: unknown) => api(standIn, bearer, 'Merge', { method: 'POST', body });

describe('Merge', () => {
  const master = '47470001-0000-4000-8000-000000000047';
  const anna = demoContactId('anna.sommer@example.com');

  it('deactivates the subordinate and moves its child records to the target', async () => {
    standIn.edit('contacts', master, { lastname: 'Sommer', emailaddress1: 'anna@example.com' });
    const before = standIn
      .table('pp_memberships')
      .filter((row) => row._pp_contactid_value === anna);
    expect(before.length).toBeGreaterThan(0);
    const answer = await merge({
      Target: contact(master),
      Subordinate: contact(anna),
      UpdateContent: { '@odata.type': 'Microsoft.Dynamics.CRM.contact', firstname: 'Anna' },
      PerformParentingChecks: false,
    });
    expect(answer.status).toBe(204);
    expect(standIn.record('contacts', anna)).toMatchObject({
      statecode: 1,
      statuscode: 2,
      merged: true,
      _masterid_value: master,
    });
    expect(standIn.record('contacts', master)).toMatchObject({ firstname: 'Anna', statecode: 0 });
    for (const row of before) {
      expect(standIn.record('pp_memberships', String(row.pp_membershipid))).toMatchObject({
        _pp_contactid_value: master,
      });
    }
    expect(
      standIn.table('pp_locationassignments').filter((row) => row._pp_contactid_value === anna),
    ).toEqual([]);
  });

  it('refuses a subordinate merged already, records of two tables and a write of merged', async () => {
    expect((await merge({ Target: contact(master), Subordinate: contact(anna) })).status).toBe(400);
    const account = {
      '@odata.type': 'Microsoft.Dynamics.CRM.account',
      accountid: demoAccountId('markt'),
    };
    expect((await merge({ Target: contact(master), Subordinate: account })).status).toBe(400);
    const write = await api(standIn, bearer, `contacts(${master})`, {
      method: 'PATCH',
      body: { merged: true },
    });
    expect(write.status).toBe(400);
  });
});

describe("Merge and the relationships' cascade", () => {
  const master = '47470002-0000-4000-8000-000000000047';
  const ben = '47470003-0000-4000-8000-000000000047';
  const membership = '47470004-0000-4000-8000-000000000047';
  const assignment = '47470005-0000-4000-8000-000000000047';
  const relationship = 'pp_contact_pp_membership_contactid';
  const cascadeOf = async (schemaName: string) =>
    (
      await api(
        standIn,
        bearer,
        `RelationshipDefinitions(SchemaName='${schemaName}')?$select=CascadeConfiguration`,
      )
    ).body.CascadeConfiguration;

  it("shows the portal's lookups to contacts and accounts with Merge Cascade", async () => {
    expect(await cascadeOf(relationship)).toMatchObject({ Merge: 'Cascade', Delete: 'RemoveLink' });
    expect(await cascadeOf('pp_account_pp_location_accountid')).toMatchObject({ Merge: 'Cascade' });
    expect(await cascadeOf('contact_master_contact')).toMatchObject({ Merge: 'NoCascade' });
  });

  it('moves no child records along a relationship with Merge NoCascade', async () => {
    const definition = await api(
      standIn,
      bearer,
      `RelationshipDefinitions(SchemaName='${relationship}')`,
    );
    expect(definition.status).toBe(200);
    const put = await api(
      standIn,
      bearer,
      `RelationshipDefinitions(SchemaName='${relationship}')`,
      {
        method: 'PUT',
        body: {
          ...(definition.body as Record<string, unknown>),
          CascadeConfiguration: {
            ...(definition.body as { CascadeConfiguration: object }).CascadeConfiguration,
            Merge: 'NoCascade',
          },
        },
      },
    );
    expect(put.status).toBe(204);
    expect(await cascadeOf(relationship)).toMatchObject({ Merge: 'NoCascade' });
    standIn.edit('contacts', ben, { lastname: 'Sommer', emailaddress1: 'ben@example.com' });
    standIn.edit('pp_memberships', membership, {
      _pp_contactid_value: ben,
      _pp_accountid_value: demoAccountId('sommer'),
    });
    standIn.edit('pp_locationassignments', assignment, { _pp_contactid_value: ben });
    standIn.edit('contacts', master, { lastname: 'Sommer', emailaddress1: 'ben@example.com' });
    const answer = await merge({ Target: contact(master), Subordinate: contact(ben) });
    expect(answer.status).toBe(204);
    expect(standIn.record('contacts', ben)).toMatchObject({ merged: true, statecode: 1 });
    // The membership stays with the subordinate; the assignment (Merge Cascade) moves.
    expect(standIn.record('pp_memberships', membership)).toMatchObject({
      _pp_contactid_value: ben,
    });
    expect(standIn.record('pp_locationassignments', assignment)).toMatchObject({
      _pp_contactid_value: master,
    });
  });

  it('refuses a Merge cascade other than Cascade or NoCascade', async () => {
    const put = await api(
      standIn,
      bearer,
      `RelationshipDefinitions(SchemaName='${relationship}')`,
      {
        method: 'PUT',
        body: { CascadeConfiguration: { Merge: 'Restrict' } },
      },
    );
    expect(put.status).toBe(400);
  });
});
