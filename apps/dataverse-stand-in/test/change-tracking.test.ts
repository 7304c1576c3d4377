import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoAccountId,
  demoContactId,
  startDataverseStandIn,
  type DataverseStandIn,
} from '../src/index.ts';
import { api, token } from './support.ts';

// Change tracking as documented at
// https://learn.microsoft.com/power-apps/developer/data-platform/use-change-tracking-synchronize-data-external-systems
// and https://learn.microsoft.com/training/modules/dataverse-web-api/change-tracking
// `Prefer: odata.track-changes` on a collection GET: the context ends in `/$delta` and the last
// page carries `@odata.deltaLink` with a `$deltatoken`; a GET of the delta link returns the rows
// changed since (as they are now) and the removed ones as
// `{"@odata.context": "…/$metadata#<set>/$deletedEntity", "id": "<guid>", "reason": "deleted"}`,
// and a new delta link. Paging (page-results) works the same way on both.
// The same page: "Changes are returned if the last token is within a default value of 7 days",
// set by the Organization table's ExpireChangeTrackingInDays; past it "the system throws an
// exception": ExpiredVersionStamp, 0x80044352, "Version stamp associated with the client has
// expired. Please perform a full sync." (Web service error codes,
// https://learn.microsoft.com/power-apps/developer/data-platform/reference/web-service-error-codes).
// The Web API's status for it is not documented; the stand-in answers 400, as for other faults
// of a request, and a client reads everything again with a new tracked full read.

let standIn: DataverseStandIn;
let bearer: string;
beforeAll(async () => {
  standIn = await startDataverseStandIn();
  bearer = await token(standIn);
});
afterAll(() => standIn.stop());

const track = { prefer: 'odata.track-changes' };

async function readAll(path: string, headers: Record<string, string>) {
  const rows: Record<string, unknown>[] = [];
  let answer = await api(standIn, bearer, path, { headers });
  for (;;) {
    expect(answer.status).toBe(200);
    rows.push(...answer.body.value);
    if (!answer.body['@odata.nextLink']) break;
    answer = await api(standIn, bearer, answer.body['@odata.nextLink'], { headers });
  }
  return { rows, deltaLink: answer.body['@odata.deltaLink'] as string, last: answer.body };
}

describe('change tracking', () => {
  it('ends a tracked full read with a delta link', async () => {
    const answer = await api(standIn, bearer, 'contacts?$select=firstname,lastname', {
      headers: track,
    });
    expect(answer.headers.get('preference-applied')).toBe('odata.track-changes');
    expect(answer.body['@odata.context']).toBe(
      `${standIn.apiUrl}/$metadata#contacts(firstname,lastname)/$delta`,
    );
    expect(answer.body.value).toHaveLength(4);
    expect(answer.body['@odata.deltaLink']).toMatch(
      new RegExp(`^${standIn.apiUrl}/contacts\\?\\$select=firstname,lastname&\\$deltatoken=\\d+`),
    );
  });

  it('returns changed, created and removed rows since the token, then nothing', async () => {
    const { deltaLink } = await readAll('contacts?$select=lastname', track);
    const ben = demoContactId('ben.krause@example.com');
    const clara = demoContactId('clara.wolf@example.com');
    const newcomer = '5b000000-0000-4000-8000-000000000001';
    standIn.edit('contacts', ben, { lastname: 'Krause-Lind' });
    standIn.edit('contacts', newcomer, { lastname: 'Neu', emailaddress1: 'neu@example.com' });
    standIn.remove('contacts', clara);

    const delta = await api(standIn, bearer, deltaLink);
    expect(delta.status).toBe(200);
    expect(delta.body['@odata.context']).toBe(
      `${standIn.apiUrl}/$metadata#contacts(lastname)/$delta`,
    );
    const byId = new Map(
      delta.body.value.map((row: Record<string, unknown>) => [row.contactid ?? row.id, row]),
    );
    expect(byId.size).toBe(3);
    expect(byId.get(ben)).toMatchObject({
      lastname: 'Krause-Lind',
      '@odata.etag': expect.any(String),
    });
    expect(byId.get(newcomer)).toMatchObject({ lastname: 'Neu' });
    expect(byId.get(clara)).toEqual({
      '@odata.context': `${standIn.apiUrl}/$metadata#contacts/$deletedEntity`,
      id: clara,
      reason: 'deleted',
    });

    const nextDelta = delta.body['@odata.deltaLink'];
    expect(nextDelta).toBeTruthy();
    const quiet = await api(standIn, bearer, nextDelta);
    expect(quiet.body.value).toEqual([]);
    expect(quiet.body['@odata.deltaLink']).toBeTruthy();
  });

  it('reports writes through the Web API too, and pages a delta with odata.maxpagesize', async () => {
    const { deltaLink } = await readAll('accounts?$select=name', track);
    for (let i = 0; i < 5; i++) {
      const answer = await api(standIn, bearer, 'accounts', {
        method: 'POST',
        body: { name: `Delta ${i}` },
      });
      expect(answer.status).toBe(204);
    }
    await api(standIn, bearer, `accounts(${demoAccountId('markt')})`, {
      method: 'PATCH',
      body: { telephone1: '+49 40 999' },
    });
    const { rows, deltaLink: next } = await readAll(deltaLink, { prefer: 'odata.maxpagesize=2' });
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => r.name)).toContain('Praxis am Markt');
    expect(next).toContain('$deltatoken=');
  });

  it('does not lose a change made between the pages of a tracked full read', async () => {
    const prefer = { prefer: 'odata.track-changes, odata.maxpagesize=1' };
    const first = await api(standIn, bearer, 'pp_locations?$select=pp_name', { headers: prefer });
    expect(first.body['@odata.nextLink']).toBeTruthy();
    const [location] = standIn.table('pp_locations').slice(-1);
    standIn.edit('pp_locations', location!.pp_locationid as string, { pp_name: 'Umbenannt' });
    let answer = first;
    while (answer.body['@odata.nextLink']) {
      answer = await api(standIn, bearer, answer.body['@odata.nextLink'], { headers: prefer });
    }
    const delta = await api(standIn, bearer, answer.body['@odata.deltaLink']);
    expect(delta.body.value.map((r: { pp_name: string }) => r.pp_name)).toContain('Umbenannt');
  });

  it('refuses $filter, $expand, $orderby and $top with change tracking', async () => {
    const filtered = await api(standIn, bearer, "contacts?$filter=lastname eq 'Sommer'", {
      headers: track,
    });
    expect(filtered.status).toBe(400);
    expect((await api(standIn, bearer, 'contacts?$top=1', { headers: track })).status).toBe(400);
  });

  it('answers ExpiredVersionStamp for a delta link whose changes it no longer keeps', async () => {
    const { deltaLink } = await readAll('accounts?$select=name', track);
    standIn.edit('accounts', demoAccountId('markt'), { name: 'Praxis am Markt (neu)' });
    standIn.expireChangeTracking();
    const expired = await api(standIn, bearer, deltaLink);
    expect(expired.status).toBe(400);
    expect(expired.body.error).toEqual({
      code: '0x80044352',
      message: 'Version stamp associated with the client has expired. Please perform a full sync.',
    });
    // A new tracked full read starts again, and its delta link works.
    const again = await readAll('accounts?$select=name', track);
    expect(again.rows.map((r) => r.name)).toContain('Praxis am Markt (neu)');
    standIn.remove('accounts', demoAccountId('markt'));
    const delta = await api(standIn, bearer, again.deltaLink);
    expect(delta.status).toBe(200);
    expect(delta.body.value).toEqual([
      expect.objectContaining({ id: demoAccountId('markt'), reason: 'deleted' }),
    ]);
  });

  it('answers 400 for a delta token it did not issue', async () => {
    const answer = await api(standIn, bearer, 'contacts?$deltatoken=garbage');
    expect(answer.status).toBe(400);
  });
});
