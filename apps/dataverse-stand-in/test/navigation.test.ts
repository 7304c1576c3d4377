import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoAccountId,
  demoContactId,
  startDataverseStandIn,
  type DataverseStandIn,
} from '../src/index.ts';
import { api, token } from './support.ts';

// Lookups are written through their single-valued navigation property, named by the
// relationship's ReferencingEntityNavigationPropertyName: for a custom lookup its SchemaName
// (`PP_AccountId`), case-sensitive ("Associate and disassociate table rows using the Web API",
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/associate-disassociate-entities-using-web-api;
// "Web API Navigation properties",
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/web-api-navigation-properties).
// The lower-case logical name answers 400 with the OData parser's "undeclared property"
// ("Troubleshoot Dataverse Web API client errors",
// https://learn.microsoft.com/troubleshoot/power-platform/power-apps/dataverse/web-api-client-errors).

const NEW_ID = '00000000-0000-4000-8000-00000000aa01';

describe('an environment whose publisher prefix is written PP', () => {
  let standIn: DataverseStandIn;
  let bearer: string;
  beforeAll(async () => {
    standIn = await startDataverseStandIn({ schemaPrefix: 'PP' });
    bearer = await token(standIn);
  });
  afterAll(() => standIn.stop());

  it('names the lookups by their mixed-case schema names in the metadata', async () => {
    const { status, body } = await api(
      standIn,
      bearer,
      "EntityDefinitions(LogicalName='pp_membership')/ManyToOneRelationships?$select=ReferencingAttribute,ReferencingEntityNavigationPropertyName",
    );
    expect(status).toBe(200);
    const names = (
      body.value as {
        ReferencingAttribute: string;
        ReferencingEntityNavigationPropertyName: string;
      }[]
    ).map((r) => [r.ReferencingAttribute, r.ReferencingEntityNavigationPropertyName]);
    expect(names).toEqual(
      expect.arrayContaining([
        ['pp_accountid', 'PP_AccountId'],
        ['pp_contactid', 'PP_ContactId'],
      ]),
    );
  });

  it('binds a lookup by its navigation property and refuses the lower-case name', async () => {
    const wrong = await api(standIn, bearer, `pp_locations(${NEW_ID})`, {
      method: 'PATCH',
      body: {
        pp_name: 'Haus B',
        'pp_accountid@odata.bind': `/accounts(${demoAccountId('markt')})`,
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toContain(
      "An undeclared property 'pp_accountid' which only has property annotations in the payload but no property value was found in the payload.",
    );
    expect(standIn.record('pp_locations', NEW_ID)).toBeUndefined();

    const right = await api(standIn, bearer, `pp_locations(${NEW_ID})`, {
      method: 'PATCH',
      body: {
        pp_name: 'Haus B',
        'PP_AccountId@odata.bind': `/accounts(${demoAccountId('markt')})`,
      },
    });
    expect(right.status).toBe(204);
    expect(standIn.record('pp_locations', NEW_ID)).toMatchObject({
      _pp_accountid_value: demoAccountId('markt'),
    });
  });

  it('keeps the system lookups as Dataverse names them', async () => {
    const { status } = await api(standIn, bearer, `contacts(${NEW_ID})`, {
      method: 'PATCH',
      body: {
        lastname: 'Neu',
        'parentcustomerid_account@odata.bind': `/accounts(${demoAccountId('markt')})`,
      },
    });
    expect(status).toBe(204);
  });

  it('names the table a Customer lookup points to: a contact as a contact', async () => {
    // A contact's company may be another contact (parentcustomerid_contact); its annotation
    // names the table of the row it points to (web-api-types-operations, lookup properties).
    const parent = demoContactId('anna.sommer@example.com');
    const { status } = await api(standIn, bearer, `contacts(${NEW_ID})`, {
      method: 'PATCH',
      body: { lastname: 'Neu', 'parentcustomerid_contact@odata.bind': `/contacts(${parent})` },
    });
    expect(status).toBe(204);
    const read = await api(standIn, bearer, `contacts(${NEW_ID})?$select=_parentcustomerid_value`, {
      headers: { prefer: 'odata.include-annotations="*"' },
    });
    expect(read.body).toMatchObject({
      _parentcustomerid_value: parent,
      '_parentcustomerid_value@Microsoft.Dynamics.CRM.lookuplogicalname': 'contact',
    });
  });
});
