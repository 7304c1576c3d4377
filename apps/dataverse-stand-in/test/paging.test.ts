import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataverseStandIn, type DataverseStandIn } from '../src/index.ts';
import { api, token } from './support.ts';

// Paging as documented at
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/query/page-results
// `Prefer: odata.maxpagesize=N` (at most 5,000; answered with `Preference-Applied`), an
// `@odata.nextLink` with a `$skiptoken` paging cookie while more rows follow, none on the last
// page; `$skip` is not supported.

let standIn: DataverseStandIn;
let bearer: string;
beforeAll(async () => {
  standIn = await startDataverseStandIn();
  bearer = await token(standIn);
  for (let i = 0; i < 7; i++) {
    standIn.edit('accounts', `00000000-0000-4000-8000-00000000000${i}`, {
      name: `Praxis ${i}`,
      accountnumber: `P-10000${i}`,
    });
  }
});
afterAll(() => standIn.stop());

describe('paging', () => {
  it('pages with odata.maxpagesize and @odata.nextLink until every row is read once', async () => {
    const prefer = { prefer: 'odata.maxpagesize=3' };
    let answer = await api(standIn, bearer, 'accounts?$select=name', { headers: prefer });
    expect(answer.headers.get('preference-applied')).toBe('odata.maxpagesize=3');
    const names: string[] = [];
    let pages = 0;
    for (;;) {
      pages++;
      expect(answer.status).toBe(200);
      expect(answer.body.value.length).toBeLessThanOrEqual(3);
      names.push(...answer.body.value.map((a: { name: string }) => a.name));
      const next = answer.body['@odata.nextLink'];
      if (!next) break;
      expect(next).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/api\/data\/v9\.2\/accounts\?\$select=name&\$skiptoken=/,
      );
      answer = await api(standIn, bearer, next, { headers: prefer });
    }
    expect(pages).toBe(3);
    expect(names).toHaveLength(9);
    expect(new Set(names).size).toBe(9);
  });

  it('keeps $filter and $select on the next link', async () => {
    const answer = await api(
      standIn,
      bearer,
      "accounts?$select=accountnumber&$filter=statecode eq 0 and name ne 'Praxis 0'",
      { headers: { prefer: 'odata.maxpagesize=5' } },
    );
    expect(answer.body.value).toHaveLength(5);
    const next = await api(standIn, bearer, answer.body['@odata.nextLink'], {
      headers: { prefer: 'odata.maxpagesize=5' },
    });
    expect(next.body.value).toHaveLength(3);
    expect(next.body.value.every((a: { accountnumber: string }) => a.accountnumber)).toBe(true);
    expect(next.body['@odata.nextLink']).toBeUndefined();
  });

  it('neither skips nor repeats a row when rows are added between pages', async () => {
    const prefer = { prefer: 'odata.maxpagesize=4' };
    const first = await api(standIn, bearer, 'accounts?$select=name', { headers: prefer });
    // A key after every other: it belongs to a later page and is read there, once.
    standIn.edit('accounts', 'ffffffff-0000-4000-8000-000000000000', { name: 'Spät' });
    const ids: string[] = first.body.value.map((a: { accountid: string }) => a.accountid);
    let next = first.body['@odata.nextLink'];
    while (next) {
      const page = await api(standIn, bearer, next, { headers: prefer });
      ids.push(...page.body.value.map((a: { accountid: string }) => a.accountid));
      next = page.body['@odata.nextLink'];
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('ffffffff-0000-4000-8000-000000000000');
    standIn.remove('accounts', 'ffffffff-0000-4000-8000-000000000000');
  });
});
