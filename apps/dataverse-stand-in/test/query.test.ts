import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoAccountId,
  demoContactId,
  startDataverseStandIn,
  type DataverseStandIn,
} from '../src/index.ts';
import { api, token } from './support.ts';

// Queries as the Web API documents them:
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/query-data-web-api
// (entity sets, `@odata.context`, `@odata.etag` on every row), select columns
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/query/select-columns
// (lookups read as `_<name>_value`), filter rows
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/query/filter-rows
// (strings in single quotes, GUIDs and numbers bare, null, true/false), join tables
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/query/join-tables
// (`$expand` of a single-valued navigation property with a nested `$select`), and the errors of
// https://learn.microsoft.com/troubleshoot/power-platform/power-apps/dataverse-web-api/web-api-client-errors
// ("Could not find a property named …", "Resource not found for the segment …").

let standIn: DataverseStandIn;
let bearer: string;
beforeAll(async () => {
  standIn = await startDataverseStandIn();
  bearer = await token(standIn);
});
afterAll(() => standIn.stop());

const get = (path: string, headers?: Record<string, string>) =>
  api(standIn, bearer, path, { headers });

describe('$select and the answer', () => {
  it('returns the selected columns, the key and @odata.etag, with @odata.context', async () => {
    const answer = await get('contacts?$select=firstname,lastname');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('odata-version')).toBe('4.0');
    expect(answer.body['@odata.context']).toBe(
      `${standIn.apiUrl}/$metadata#contacts(firstname,lastname)`,
    );
    expect(answer.body.value).toHaveLength(4);
    const anna = answer.body.value.find((c: { firstname: string }) => c.firstname === 'Anna');
    expect(Object.keys(anna).sort()).toEqual(
      ['@odata.etag', 'contactid', 'firstname', 'lastname'].sort(),
    );
    expect(anna['@odata.etag']).toMatch(/^W\/"\d+"$/);
    expect(anna.contactid).toBe(demoContactId('anna.sommer@example.com'));
  });

  it('reads a lookup as _<name>_value and returns every column without $select', async () => {
    const anna = await get(`contacts(${demoContactId('anna.sommer@example.com')})`);
    expect(anna.status).toBe(200);
    expect(anna.body['@odata.context']).toBe(`${standIn.apiUrl}/$metadata#contacts/$entity`);
    expect(anna.body._parentcustomerid_value).toBe(demoAccountId('sommer'));
    expect(anna.body).toMatchObject({
      emailaddress1: 'anna.sommer@example.com',
      pp_titlecode: 'DR_MED_DENT',
      birthdate: null,
      pp_newslettersubscribed: false,
      pp_preferredlanguage: 'de',
      fullname: 'Anna Sommer',
      statecode: 0,
    });
    expect(anna.body).not.toHaveProperty('parentcustomerid');
  });

  it('answers 400 for a column the table does not have, and 404 for an unknown set or row', async () => {
    const column = await get('contacts?$select=FirstName');
    expect(column.status).toBe(400);
    expect(column.body.error.message).toBe(
      "Could not find a property named 'FirstName' on type 'Microsoft.Dynamics.CRM.contact'.",
    );
    const lookup = await get('contacts?$select=parentcustomerid');
    expect(lookup.status).toBe(400);
    const set = await get('Contact');
    expect(set.status).toBe(404);
    expect(set.body.error).toEqual({
      code: '0x8006088a',
      message: "Resource not found for the segment 'Contact'.",
    });
    const row = await get('contacts(00000000-0000-0000-0000-000000000001)');
    expect(row.status).toBe(404);
    expect(row.body.error.code).toBe('0x80040217');
  });

  it('adds formatted values with Prefer: odata.include-annotations', async () => {
    const answer = await get(
      `contacts(${demoContactId('ben.krause@example.com')})?$select=pp_salutation,_parentcustomerid_value`,
      { prefer: 'odata.include-annotations="*"' },
    );
    expect(answer.body['pp_salutation@OData.Community.Display.V1.FormattedValue']).toBe('Mr');
    expect(answer.body['_parentcustomerid_value@Microsoft.Dynamics.CRM.lookuplogicalname']).toBe(
      'account',
    );
  });
});

describe('$filter', () => {
  const emails = (answer: { body: { value: { emailaddress1: string }[] } }) =>
    answer.body.value.map((c) => c.emailaddress1).sort();

  it('compares strings in single quotes without regard to case, and combines with and', async () => {
    const one = await get(
      "contacts?$select=emailaddress1&$filter=emailaddress1 eq 'Anna.Sommer@example.com'",
    );
    expect(emails(one)).toEqual(['anna.sommer@example.com']);
    const both = await get(
      "contacts?$select=emailaddress1&$filter=lastname eq 'Krause' and firstname eq 'Ben'",
    );
    expect(emails(both)).toEqual(['ben.krause@example.com']);
    const none = await get(
      "contacts?$select=emailaddress1&$filter=lastname eq 'Krause' and firstname eq 'Anna'",
    );
    expect(none.body.value).toEqual([]);
  });

  it('takes GUIDs bare on a lookup, numbers, null and booleans', async () => {
    const markt = await get(
      `contacts?$select=emailaddress1&$filter=_parentcustomerid_value eq ${demoAccountId('markt')}`,
    );
    expect(emails(markt)).toEqual(['david.markt@example.com']);
    const noPhone = await get('contacts?$select=emailaddress1&$filter=telephone1 eq null');
    expect(emails(noPhone)).toEqual(['ben.krause@example.com', 'clara.wolf@example.com']);
    const active = await get(
      'contacts?$select=emailaddress1&$filter=statecode eq 0 and pp_newslettersubscribed eq false',
    );
    expect(active.body.value).toHaveLength(4);
    const memberships = await get(
      `pp_memberships?$filter=_pp_contactid_value eq ${demoContactId('anna.sommer@example.com')} and pp_role eq 100000002`,
    );
    expect(memberships.body.value).toHaveLength(1);
    expect(memberships.body.value[0]._pp_accountid_value).toBe(demoAccountId('sommer'));
  });

  it('handles or, not, parentheses, ne and quotes doubled inside a string', async () => {
    const answer = await get(
      "contacts?$select=emailaddress1&$filter=(firstname eq 'Anna' or firstname eq 'Clara') and not (lastname eq 'Wolf')",
    );
    expect(emails(answer)).toEqual(['anna.sommer@example.com']);
    const quoted = await get("accounts?$select=name&$filter=name ne 'O''Brien'");
    expect(quoted.body.value).toHaveLength(2);
  });

  it('answers 400 for a filter on an unknown column or with broken syntax', async () => {
    expect((await get("contacts?$filter=email eq 'x'")).status).toBe(400);
    expect((await get("contacts?$filter=firstname eq 'x")).status).toBe(400);
    expect((await get('contacts?$filter=firstname')).status).toBe(400);
  });
});

describe('$expand and $top', () => {
  it('expands a single-valued navigation property with a nested $select', async () => {
    const answer = await get(
      `contacts?$select=firstname&$expand=parentcustomerid_account($select=name,accountnumber)&$filter=firstname eq 'David'`,
    );
    expect(answer.body['@odata.context']).toBe(
      `${standIn.apiUrl}/$metadata#contacts(firstname,parentcustomerid_account(name,accountnumber))`,
    );
    expect(answer.body.value[0].parentcustomerid_account).toEqual({
      '@odata.etag': expect.stringMatching(/^W\/"\d+"$/),
      name: 'Praxis am Markt',
      accountnumber: 'P-900002',
      accountid: demoAccountId('markt'),
    });
  });

  it('expands the lookups of a membership and answers 400 for an unknown navigation property', async () => {
    const answer = await get(
      'pp_memberships?$expand=pp_contactid($select=emailaddress1),pp_accountid($select=name)',
    );
    expect(answer.body.value).toHaveLength(5);
    for (const row of answer.body.value) {
      expect(row.pp_contactid.emailaddress1).toMatch(/@example\.com$/);
      expect(row.pp_accountid.name).toBeTruthy();
    }
    expect((await get('contacts?$expand=parentcustomerid')).status).toBe(400);
  });

  it('returns at most $top rows and no next link', async () => {
    const answer = await get('contacts?$select=firstname&$top=2', {
      prefer: 'odata.maxpagesize=1',
    });
    expect(answer.body.value).toHaveLength(2);
    expect(answer.body['@odata.nextLink']).toBeUndefined();
  });

  it('orders by a column with $orderby', async () => {
    const answer = await get('contacts?$select=firstname&$orderby=firstname desc');
    expect(answer.body.value.map((c: { firstname: string }) => c.firstname)).toEqual([
      'David',
      'Clara',
      'Ben',
      'Anna',
    ]);
  });

  it('refuses query options it does not implement instead of ignoring them', async () => {
    expect((await get('contacts?$skip=2')).status).toBe(400);
  });
});
