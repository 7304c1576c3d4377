import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoAccountId,
  demoContactId,
  startDataverseStandIn,
  type DataverseStandIn,
} from '../src/index.ts';
import { api, token } from './support.ts';

// Writes as the Web API documents them. Create:
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-entity-web-api
// (POST answers 204 with `OData-EntityId`; with `Prefer: return=representation` 201 and the row;
// lookups set with `<navigation>@odata.bind: "/<set>(<guid>)"`). Update, upsert and delete:
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/update-delete-entities-using-web-api
// (PATCH answers 204, or 200 with the row; PATCH on an absent key creates it — upsert — unless
// `If-Match: *`; DELETE answers 204). Conditional operations:
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/perform-conditional-operations-using-web-api
// (`If-Match: <etag>` answers 412 when the row changed; `If-None-Match: *` answers 412 when it
// exists; `If-None-Match: <etag>` on GET answers 304 while unchanged).

let standIn: DataverseStandIn;
let bearer: string;
beforeAll(async () => {
  standIn = await startDataverseStandIn();
  bearer = await token(standIn);
});
afterAll(() => standIn.stop());

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  api(standIn, bearer, path, { method, body, headers });

const NEW_ID = '4a1b2c3d-0000-4000-8000-000000000001';

describe('create', () => {
  it('answers 204 with OData-EntityId and keeps the row', async () => {
    const answer = await call('POST', 'accounts', {
      name: 'Neue Praxis',
      accountnumber: 'P-100001',
    });
    expect(answer.status).toBe(204);
    const location = answer.headers.get('odata-entityid')!;
    expect(location).toMatch(new RegExp(`^${standIn.apiUrl}/accounts\\([0-9a-f-]{36}\\)$`));
    const id = /\(([^)]+)\)/.exec(location)![1]!;
    expect(standIn.record('accounts', id)).toMatchObject({
      name: 'Neue Praxis',
      accountnumber: 'P-100001',
      statecode: 0,
    });
  });

  it('answers 201 with the row for return=representation, with the key from the body', async () => {
    const answer = await call(
      'POST',
      'contacts?$select=firstname,lastname,_parentcustomerid_value',
      {
        contactid: NEW_ID,
        firstname: 'Eva',
        lastname: 'Neu',
        emailaddress1: 'eva.neu@example.com',
        pp_salutation: 100000001,
        pp_newsletterinterests: '100000000,100000002',
        birthdate: '1985-04-01',
        'parentcustomerid_account@odata.bind': `/accounts(${demoAccountId('markt')})`,
      },
      { prefer: 'return=representation' },
    );
    expect(answer.status).toBe(201);
    expect(answer.headers.get('preference-applied')).toBe('return=representation');
    expect(answer.body).toEqual({
      '@odata.context': `${standIn.apiUrl}/$metadata#contacts(firstname,lastname,_parentcustomerid_value)/$entity`,
      '@odata.etag': expect.stringMatching(/^W\/"\d+"$/),
      firstname: 'Eva',
      lastname: 'Neu',
      _parentcustomerid_value: demoAccountId('markt'),
      contactid: NEW_ID,
    });
    expect(standIn.record('contacts', NEW_ID)).toMatchObject({
      pp_newsletterinterests: '100000000,100000002',
      birthdate: '1985-04-01',
    });
  });

  it('answers 412 for a create with a key that exists', async () => {
    const answer = await call('POST', 'contacts', { contactid: NEW_ID, lastname: 'Doppelt' });
    expect(answer.status).toBe(412);
    expect(answer.body.error.code).toBe('0x80040237');
  });

  it('refuses unknown columns, read-only names, wrong values and binds to absent rows', async () => {
    const unknown = await call('POST', 'contacts', { lastname: 'X', email: 'x@example.com' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/The property 'email' does not exist/);
    const readOnly = await call('POST', 'contacts', {
      lastname: 'X',
      _parentcustomerid_value: demoAccountId('markt'),
    });
    expect(readOnly.status).toBe(400);
    const choice = await call('POST', 'contacts', { lastname: 'X', pp_salutation: 7 });
    expect(choice.status).toBe(400);
    expect(choice.body.error.message).toMatch(/outside the valid range/);
    const multi = await call('POST', 'contacts', {
      lastname: 'X',
      pp_newsletterdistributors: [100000000],
    });
    expect(multi.status).toBe(400);
    const date = await call('POST', 'contacts', { lastname: 'X', birthdate: '01.04.1985' });
    expect(date.status).toBe(400);
    const bind = await call('POST', 'contacts', {
      lastname: 'X',
      'parentcustomerid_account@odata.bind': '/accounts(00000000-0000-4000-8000-0000000000ff)',
    });
    expect(bind.status).toBe(404);
    const wrongSet = await call('POST', 'pp_locations', {
      pp_name: 'X',
      'pp_accountid@odata.bind': `/contacts(${NEW_ID})`,
    });
    expect(wrongSet.status).toBe(400);
  });
});

describe('update, upsert and optimistic concurrency', () => {
  const anna = demoContactId('anna.sommer@example.com');

  it('updates with PATCH (204) and gives a new @odata.etag', async () => {
    const before = standIn.record('contacts', anna)!['@odata.etag'];
    const answer = await call('PATCH', `contacts(${anna})`, { telephone1: '+49 30 7654321' });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('odata-entityid')).toBe(`${standIn.apiUrl}/contacts(${anna})`);
    const after = standIn.record('contacts', anna)!;
    expect(after.telephone1).toBe('+49 30 7654321');
    expect(after['@odata.etag']).not.toBe(before);
  });

  it('answers 412 for If-Match with a version that is no longer current', async () => {
    const current = (await call('GET', `contacts(${anna})?$select=lastname`)).body['@odata.etag'];
    standIn.edit('contacts', anna, { lastname: 'Sommer-Berg' });
    const stale = await call(
      'PATCH',
      `contacts(${anna})`,
      { firstname: 'Anne' },
      { 'if-match': current },
    );
    expect(stale.status).toBe(412);
    expect(stale.body.error).toEqual({
      code: '0x80060882',
      message: "The version of the existing record doesn't match the RowVersion property provided.",
    });
    expect(standIn.record('contacts', anna)!.firstname).toBe('Anna');
    const fresh = standIn.record('contacts', anna)!['@odata.etag'] as string;
    const ok = await call(
      'PATCH',
      `contacts(${anna})`,
      { firstname: 'Anne' },
      { 'if-match': fresh, prefer: 'return=representation' },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.firstname).toBe('Anne');
    expect(ok.body['@odata.etag']).not.toBe(fresh);
  });

  it('creates with PATCH on an absent key (upsert), but not with If-Match: *', async () => {
    const id = '4a1b2c3d-0000-4000-8000-000000000002';
    const prevented = await call('PATCH', `accounts(${id})`, { name: 'Nie' }, { 'if-match': '*' });
    expect(prevented.status).toBe(404);
    expect(standIn.record('accounts', id)).toBeUndefined();
    const created = await call(
      'PATCH',
      `accounts(${id})`,
      { name: 'Upsert' },
      { prefer: 'return=representation' },
    );
    expect(created.status).toBe(201);
    expect(created.body.accountid).toBe(id);
    const updated = await call(
      'PATCH',
      `accounts(${id})`,
      { name: 'Upsert 2' },
      { 'if-match': '*' },
    );
    expect(updated.status).toBe(204);
    expect(standIn.record('accounts', id)!.name).toBe('Upsert 2');
  });

  it('answers 412 for If-None-Match: * on an existing row (create only)', async () => {
    const answer = await call(
      'PATCH',
      `accounts(${demoAccountId('sommer')})`,
      { name: 'Überschrieben' },
      { 'if-none-match': '*' },
    );
    expect(answer.status).toBe(412);
    expect(answer.body.error.code).toBe('0x80040237');
    expect(standIn.record('accounts', demoAccountId('sommer'))!.name).toBe(
      'Zahnarztpraxis Dr. Sommer',
    );
  });

  it('clears a lookup with a null bind and sets one on a location', async () => {
    const cleared = await call('PATCH', `contacts(${NEW_ID})`, {
      'parentcustomerid_account@odata.bind': null,
    });
    expect(cleared.status).toBe(204);
    expect(standIn.record('contacts', NEW_ID)!._parentcustomerid_value).toBeNull();
    const location = await call(
      'POST',
      'pp_locations',
      {
        pp_name: 'Filiale',
        pp_country: 'DE',
        'pp_accountid@odata.bind': `/accounts(${demoAccountId('markt')})`,
      },
      { prefer: 'return=representation' },
    );
    expect(location.status).toBe(201);
    expect(location.body._pp_accountid_value).toBe(demoAccountId('markt'));
  });

  it('answers 304 for a GET with If-None-Match while the row is unchanged', async () => {
    const etag = standIn.record('accounts', demoAccountId('markt'))!['@odata.etag'] as string;
    const unchanged = await call(
      'GET',
      `accounts(${demoAccountId('markt')})?$select=name`,
      undefined,
      {
        'if-none-match': etag,
      },
    );
    expect(unchanged.status).toBe(304);
  });
});

describe('delete', () => {
  it('answers 204, then 404; If-Match guards it too', async () => {
    const id = '4a1b2c3d-0000-4000-8000-000000000003';
    standIn.edit('accounts', id, { name: 'Weg' });
    const stale = await call('DELETE', `accounts(${id})`, undefined, { 'if-match': 'W/"1"' });
    expect(stale.status).toBe(412);
    expect((await call('DELETE', `accounts(${id})`)).status).toBe(204);
    expect(standIn.record('accounts', id)).toBeUndefined();
    const again = await call('DELETE', `accounts(${id})`);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('0x80040217');
  });
});

describe('controls for tests', () => {
  it('refuses writes matching a predicate with 400 until lifted (a parked record)', async () => {
    const lift = standIn.refuse('contacts', (write) =>
      write.row?.lastname === 'Abgelehnt' ? 'A plug-in refused this contact.' : false,
    );
    const refused = await call('POST', 'contacts', { lastname: 'Abgelehnt' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('A plug-in refused this contact.');
    expect((await call('POST', 'contacts', { lastname: 'Angenommen' })).status).toBe(204);
    lift();
    expect((await call('POST', 'contacts', { lastname: 'Abgelehnt' })).status).toBe(204);
  });

  it('records what clients sent in seen, with the answer', async () => {
    standIn.seen.length = 0;
    await call(
      'PATCH',
      `accounts(${demoAccountId('markt')})`,
      { telephone1: '+49 40 1' },
      { 'if-match': '*' },
    );
    expect(standIn.seen).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: `/api/data/v9.2/accounts(${demoAccountId('markt')})`,
        body: { telephone1: '+49 40 1' },
        headers: expect.objectContaining({ 'if-match': '*' }),
        status: 204,
      }),
    ]);
  });

  it('keeps the rows across suspend and resume on the same port', async () => {
    await standIn.suspend();
    await expect(fetch(`${standIn.apiUrl}/accounts`)).rejects.toThrow();
    await standIn.resume();
    const answer = await call('GET', `accounts(${demoAccountId('markt')})?$select=telephone1`);
    expect(answer.body.telephone1).toBe('+49 40 1');
  });
});
