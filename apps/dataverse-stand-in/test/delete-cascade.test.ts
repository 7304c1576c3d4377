import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

// The system relationships keep Dataverse's own cascade (Microsoft Learn, "Account table/entity
// reference" and "Contact table/entity reference", One-To-Many relationships, under
// https://learn.microsoft.com/power-apps/developer/data-platform/reference/entities/):
// contact_customer_accounts (a contact's company) is parental, Delete "Cascade": deleting an
// account deletes the contacts naming it as their company. contact_customer_contacts and the
// masterid relationships are Delete "RemoveLink". A customiser may change a relationship's
// Delete to Cascade, RemoveLink or Restrict; Restrict refuses the delete while rows name the
// record: 405 CannotDeleteDueToAssociation ("Compose HTTP requests and handle errors",
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/compose-http-requests-handle-errors;
// the code: "Web service error codes",
// https://learn.microsoft.com/power-apps/developer/data-platform/reference/web-service-error-codes).
describe('delete along the system relationships', () => {
  let own: DataverseStandIn;
  let ownBearer: string;
  beforeEach(async () => {
    own = await startDataverseStandIn();
    ownBearer = await token(own);
  });
  afterEach(() => own.stop());

  const markt = demoAccountId('markt');
  const david = demoContactId('david.markt@example.com');
  const anna = demoContactId('anna.sommer@example.com');
  const cascadeOf = async (schemaName: string) =>
    (
      await api(
        own,
        ownBearer,
        `RelationshipDefinitions(SchemaName='${schemaName}')?$select=CascadeConfiguration`,
      )
    ).body.CascadeConfiguration;
  const setDelete = (schemaName: string, action: string) =>
    api(own, ownBearer, `RelationshipDefinitions(SchemaName='${schemaName}')`, {
      method: 'PUT',
      body: { CascadeConfiguration: { Delete: action } },
    });

  it("shows Dataverse's cascade of the contact's company and master lookups", async () => {
    expect(await cascadeOf('contact_customer_accounts')).toEqual({
      Assign: 'Cascade',
      Delete: 'Cascade',
      Merge: 'Cascade',
      Reparent: 'Cascade',
      Share: 'Cascade',
      Unshare: 'Cascade',
    });
    expect(await cascadeOf('contact_customer_contacts')).toMatchObject({
      Delete: 'RemoveLink',
      Merge: 'Cascade',
    });
    expect(await cascadeOf('contact_master_contact')).toMatchObject({
      Delete: 'RemoveLink',
      Merge: 'NoCascade',
    });
  });

  it("deletes an account's contacts with it, and empties the lookups naming those", async () => {
    expect(own.record('contacts', david)).toMatchObject({ _parentcustomerid_value: markt });
    const tracked = await api(own, ownBearer, 'contacts?$select=lastname', {
      headers: { prefer: 'odata.track-changes' },
    });
    const davids = own.table('pp_memberships').filter((r) => r._pp_contactid_value === david);
    expect(davids.length).toBeGreaterThan(0);

    const deleted = await api(own, ownBearer, `accounts(${markt})`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(own.record('contacts', david)).toBeUndefined();
    // Anna is a member of the practice, but her company is another one: she stays.
    expect(own.record('contacts', anna)).toBeDefined();
    for (const row of davids) {
      expect(own.record('pp_memberships', String(row.pp_membershipid))).toMatchObject({
        _pp_contactid_value: null,
      });
    }
    const delta = await api(own, ownBearer, tracked.body['@odata.deltaLink']);
    expect(delta.body.value).toEqual([expect.objectContaining({ id: david, reason: 'deleted' })]);
  });

  it('empties the contacts’ company instead when a customiser made it RemoveLink', async () => {
    expect((await setDelete('contact_customer_accounts', 'RemoveLink')).status).toBe(204);
    expect(own.remove('accounts', markt)).toBe(true);
    expect(own.record('contacts', david)).toMatchObject({ _parentcustomerid_value: null });
  });

  it('refuses the delete while contacts name the account when it is Restrict', async () => {
    expect((await setDelete('contact_customer_accounts', 'Restrict')).status).toBe(204);
    const refused = await api(own, ownBearer, `accounts(${markt})`, { method: 'DELETE' });
    expect(refused.status).toBe(405);
    expect(refused.body.error).toEqual({
      code: '0x80040227',
      message:
        'The object you tried to delete is associated with another object and cannot be deleted.',
    });
    // Nothing changed: the account, its contact, and the lookups of the portal's rows.
    expect(own.record('accounts', markt)).toBeDefined();
    expect(own.record('contacts', david)).toMatchObject({ _parentcustomerid_value: markt });
    expect(own.table('pp_locations').some((r) => r._pp_accountid_value === markt)).toBe(true);
    // Once no contact names it, the account goes.
    own.edit('contacts', david, { _parentcustomerid_value: null });
    expect((await api(own, ownBearer, `accounts(${markt})`, { method: 'DELETE' })).status).toBe(
      204,
    );
  });

  it('takes Cascade, RemoveLink or Restrict only for Delete', async () => {
    expect((await setDelete('contact_customer_accounts', 'NoCascade')).status).toBe(400);
    expect((await cascadeOf('contact_customer_accounts')).Delete).toBe('Cascade');
  });

  it("empties a merged contact's masterid when its master is deleted", async () => {
    const master = '47480001-0000-4000-8000-000000000048';
    own.edit('contacts', master, { lastname: 'Sommer', emailaddress1: 'anna@example.com' });
    const merged = await api(own, ownBearer, 'Merge', {
      method: 'POST',
      body: {
        Target: { '@odata.type': 'Microsoft.Dynamics.CRM.contact', contactid: master },
        Subordinate: { '@odata.type': 'Microsoft.Dynamics.CRM.contact', contactid: anna },
      },
    });
    expect(merged.status).toBe(204);
    expect(own.record('contacts', anna)).toMatchObject({ _masterid_value: master });
    expect(own.remove('contacts', master)).toBe(true);
    expect(own.record('contacts', anna)).toMatchObject({ _masterid_value: null, merged: true });
  });
});
