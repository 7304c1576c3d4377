import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoAccountId,
  demoContactId,
  organisationContactId,
  startDataverseStandIn,
  type DataverseStandIn,
} from '../src/index.ts';
import { DEMO_USERS } from '@pp/demo-data';
import { api, token } from './support.ts';

// What the CRM sync of a large organisation needs from the stand-in (issue 44): Dataverse's
// query functions In and NotIn (Microsoft Learn: "Filter rows", Dataverse query functions,
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/query/filter-rows, and
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/reference/in), the longest
// URL Dataverse takes (32 KB: "Compose HTTP requests and handle errors", maximum URL length,
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/compose-http-requests-handle-errors),
// its service protection limits (https://learn.microsoft.com/power-apps/developer/data-platform/api-limits),
// and a generated organisation whose pages cost a search, not a sort.

let standIn: DataverseStandIn;
let bearer: string;
beforeAll(async () => {
  standIn = await startDataverseStandIn({
    organisation: { contacts: 20_000, accounts: 2_000, portalContacts: 200, practices: 40 },
    serviceProtection: { requests: 60, executionMs: 60_000, windowSeconds: 300, concurrent: 52 },
  });
  bearer = await token(standIn);
});
afterAll(() => standIn.stop());

const get = (path: string, headers?: Record<string, string>) =>
  api(standIn, bearer, path, { headers });
const inFilter = (property: string, values: string[]) =>
  encodeURIComponent(
    `Microsoft.Dynamics.CRM.In(PropertyName='${property}',PropertyValues=[${values.map((v) => `'${v}'`).join(',')}])`,
  );

describe('the query function In', () => {
  it('reads rows by key, in key order, leaving out keys it does not hold', async () => {
    const anna = demoContactId(DEMO_USERS[0].email);
    const other = organisationContactId(4711);
    const missing = '00000000-0000-4000-8000-000000000000';
    const answer = await get(
      `contacts?$select=lastname&$filter=${inFilter('contactid', [other, anna.toUpperCase(), missing])}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.value.map((row: { contactid: string }) => row.contactid)).toEqual(
      [anna, other].sort(),
    );
  });

  it('takes a lookup by its logical name, and NotIn, and refuses `_x_value` and bare values', async () => {
    const sommer = demoAccountId('sommer');
    const byLookup = await get(
      `pp_locations?$select=pp_name&$filter=${inFilter('pp_accountid', [sommer])}`,
    );
    expect(byLookup.status).toBe(200);
    expect(byLookup.body.value.length).toBeGreaterThan(0);
    const notIn = await get(
      `pp_locations?$select=pp_name&$filter=${encodeURIComponent(`Microsoft.Dynamics.CRM.NotIn(PropertyName='pp_accountid',PropertyValues=['${sommer}'])`)}`,
    );
    expect(notIn.body.value.length).toBeGreaterThan(0);
    expect(
      (await get(`pp_locations?$filter=${inFilter('_pp_accountid_value', [sommer])}`)).status,
    ).toBe(400);
    const bare = encodeURIComponent(
      `Microsoft.Dynamics.CRM.In(PropertyName='contactid',PropertyValues=[${sommer}])`,
    );
    expect((await get(`contacts?$filter=${bare}`)).status).toBe(400);
    const unknown = encodeURIComponent(
      `Microsoft.Dynamics.CRM.Between(PropertyName='lastname',PropertyValues=['a','b'])`,
    );
    expect((await get(`contacts?$filter=${unknown}`)).status).toBe(400);
  });

  it('answers 414 for a URL longer than 32 KB, and takes one just below', async () => {
    const keys = (count: number) =>
      Array.from({ length: count }, (_, n) => organisationContactId(n));
    expect(
      (await get(`contacts?$select=lastname&$filter=${inFilter('contactid', keys(700))}`)).status,
    ).toBe(200);
    expect(
      (await get(`contacts?$select=lastname&$filter=${inFilter('contactid', keys(800))}`)).status,
    ).toBe(414);
  });
});

describe('a generated organisation', () => {
  it('pages through all its contacts by key', async () => {
    let link: string | undefined = 'contacts?$select=contactid';
    let rows = 0;
    let last = '';
    while (link) {
      const answer = await get(link, { prefer: 'odata.maxpagesize=5000' });
      expect(answer.status).toBe(200);
      for (const row of answer.body.value as { contactid: string }[]) {
        expect(row.contactid > last).toBe(true);
        last = row.contactid;
      }
      rows += answer.body.value.length;
      link = answer.body['@odata.nextLink'];
    }
    expect(rows).toBe(20_000 + DEMO_USERS.length);
  });

  it('answers 429 with Retry-After once the window holds the limit of requests', async () => {
    let answer = await get('WhoAmI');
    for (let i = 0; i < 60 && answer.status !== 429; i++) answer = await get('WhoAmI');
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answer.body.error.code).toBe('0x80072322');
  });
});
