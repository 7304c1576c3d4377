import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  EXAMPLE_CREDENTIALS,
  demoAccountId,
  startDataverseStandIn,
  type DataverseStandIn,
} from '@pp/dataverse-stand-in';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dataverseClient, type DataverseSettings } from '../../src/crm-sync/dataverse/client.ts';
import { loadMapping, parseMapping } from '../../src/crm-sync/dataverse/mapping.ts';
import { clientCredentialsTokens } from '../../src/crm-sync/dataverse/token.ts';
import { CRM_FIELDS } from '../../src/crm-sync/fields.ts';
import {
  CRM_ENTITIES,
  CrmConflict,
  CrmRefused,
  CrmUnavailable,
  type CrmEntity,
  type CrmRecord,
} from '../../src/crm-sync/crm-client.ts';

// The Dataverse client against the stand-in Dataverse (apps/dataverse-stand-in). The behaviour
// each test relies on is Microsoft's, as documented on Microsoft Learn:
// - paging: "Page results using OData",
//   https://learn.microsoft.com/power-apps/developer/data-platform/webapi/query/page-results
// - change tracking: "Use change tracking to synchronize data with external systems",
//   https://learn.microsoft.com/power-apps/developer/data-platform/use-change-tracking-synchronize-data-external-systems
// - ETags, If-Match, If-None-Match: "Perform conditional operations using the Web API",
//   https://learn.microsoft.com/power-apps/developer/data-platform/webapi/perform-conditional-operations-using-web-api
// - 429 and Retry-After: "Service protection API limits",
//   https://learn.microsoft.com/power-apps/developer/data-platform/api-limits
// - errors: "Compose HTTP requests and handle errors",
//   https://learn.microsoft.com/power-apps/developer/data-platform/webapi/compose-http-requests-handle-errors
// - tokens: "Microsoft identity platform and the OAuth 2.0 client credentials flow",
//   https://learn.microsoft.com/entra/identity-platform/v2-oauth2-client-creds-grant-flow
// - option sets: "Create and update choices (option sets) using the Web API",
//   https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-update-optionsets
// - lookups: "Associate and disassociate table rows using the Web API",
//   https://learn.microsoft.com/power-apps/developer/data-platform/webapi/associate-disassociate-entities-using-web-api

const TOKEN_PATH = `/${EXAMPLE_CREDENTIALS.tenantId}/oauth2/v2.0/token`;
const mapping = loadMapping();

let standIn: DataverseStandIn;

beforeAll(async () => {
  standIn = await startDataverseStandIn({ port: 0 });
});
afterAll(async () => {
  await standIn.stop();
});
afterEach(() => {
  standIn.setThrottle(null);
});

function clientFor(overrides: Partial<DataverseSettings> = {}) {
  return dataverseClient({
    url: standIn.url,
    authority: standIn.url,
    ...EXAMPLE_CREDENTIALS,
    mapping,
    ...overrides,
  });
}

/** What the client threw (the test fails when it did not). */
async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

/** A contact as a CRM user would create it in Dataverse. */
function addContact(fields: Record<string, unknown> = {}): string {
  const id = randomUUID();
  standIn.edit('contacts', id, {
    firstname: 'Test',
    lastname: `Person ${id.slice(0, 8)}`,
    emailaddress1: `${id}@example.com`,
    ...fields,
  });
  return id;
}

function tokenRequests(): number {
  return standIn.seen.filter((request) => request.path === TOKEN_PATH).length;
}

describe('the mapping file', () => {
  it('has a complete default: every field of every mirrored record', () => {
    for (const entity of CRM_ENTITIES) {
      expect(Object.keys(mapping.entities[entity].fields).sort()).toEqual(
        [...CRM_FIELDS[entity]].sort(),
      );
    }
    expect(mapping.entities.customer).toMatchObject({
      entitySet: 'contacts',
      primaryKey: 'contactid',
    });
  });

  // The tests break the mapping on purpose, beyond what its type allows.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Broken = any;

  function problemOf(change: (json: Broken) => void): string {
    const json: Broken = structuredClone(mapping);
    change(json);
    try {
      parseMapping(json, '/etc/portal/mapping.json');
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('expected the mapping to be refused');
  }

  it('names the file and the field that is wrong', () => {
    expect(
      problemOf((json) => {
        json.entities.customer.fields.salutation = { kind: 'choice', column: 'pp_salutation' };
      }),
    ).toMatch(/\/etc\/portal\/mapping\.json.*entities\.customer\.fields\.salutation\.optionSet/);
    expect(
      problemOf((json) => {
        json.entities.practice.fields.name.kind = 'string';
      }),
    ).toContain('entities.practice.fields.name.kind');
    expect(
      problemOf((json) => {
        json.entities.location.fields.city.column = 'pp city';
      }),
    ).toContain('entities.location.fields.city.column: must be a Dataverse logical name');
    expect(
      problemOf((json) => {
        delete json.picklists.professions;
      }),
    ).toContain('picklists.professions');
  });

  it('refuses fields the portal does not have and lookups to the wrong table', () => {
    expect(
      problemOf((json) => {
        json.entities.customer.fields.nickname = { kind: 'text', column: 'nickname' };
      }),
    ).toContain("entities.customer.fields.nickname: is not a field of the portal's customer");
    expect(
      problemOf((json) => {
        json.entities.location.fields.practiceId.target = 'contacts';
      }),
    ).toContain('entities.location.fields.practiceId.target: must be "accounts"');
    expect(
      problemOf((json) => {
        json.entities.practice.fields.name = {
          kind: 'lookup',
          column: 'name',
          navigation: 'name',
          target: 'accounts',
        };
      }),
    ).toContain('entities.practice.fields.name.kind: cannot be "lookup"');
  });

  it('names a file that cannot be read or is not JSON', () => {
    const file = path.join(tmpdir(), `dataverse-mapping-${randomUUID()}.json`);
    expect(() => loadMapping(file)).toThrow(file);
    writeFileSync(file, '{ "picklists": ');
    expect(() => loadMapping(file)).toThrow(`The Dataverse mapping ${file} is not JSON`);
    writeFileSync(file, JSON.stringify(mapping));
    expect(loadMapping(file)).toEqual(mapping);
  });
});

describe('reading from Dataverse', () => {
  it('reads a table page by page and ends with a change token', async () => {
    const added = Array.from({ length: 7 }, () => addContact());
    standIn.seen.length = 0;
    const client = clientFor({ pageSize: 3 });

    const pages = [await client.readAll('customer')];
    while (pages.at(-1)!.next) pages.push(await client.readAll('customer', pages.at(-1)!.next));

    const total = standIn.table('contacts').length;
    expect(pages).toHaveLength(Math.ceil(total / 3));
    expect(pages.slice(0, -1).every((page) => page.next && !page.token)).toBe(true);
    expect(pages.at(-1)!.token).toMatch(/\$deltatoken=/);
    const ids = pages.flatMap((page) => page.changed.map((record) => record.id));
    expect(new Set(ids).size).toBe(total);
    expect(ids).toEqual(expect.arrayContaining(added));
    // Every page asked with the same preferences: tracked, three at a time.
    const reads = standIn.seen.filter((request) => request.path.endsWith('/contacts'));
    expect(reads).toHaveLength(pages.length);
    for (const request of reads) {
      expect(request.headers.prefer).toMatch(/odata\.track-changes/);
      expect(request.headers.prefer).toMatch(/odata\.maxpagesize=3/);
    }
  });

  it('translates a contact into the portal’s words', async () => {
    const id = addContact({
      pp_salutation: 100000001,
      pp_position: 100000000,
      birthdate: '1980-04-01',
      _parentcustomerid_value: demoAccountId('sommer'),
      pp_newslettersubscribed: true,
      pp_newsletterinterests: '100000000,100000002',
      pp_preferredlanguage: 'en',
    });
    const record = await clientFor().read('customer', id);
    expect(record).toMatchObject({
      entity: 'customer',
      id,
      etag: expect.stringMatching(/^W\/"\d+"$/),
      fields: {
        firstName: 'Test',
        salutation: 'FRAU',
        position: 'PRACTICE_OWNER',
        dateOfBirth: '1980-04-01',
        practiceId: demoAccountId('sommer'),
        newsletterSubscribed: true,
        newsletterDistributors: [],
        preferredLanguage: 'en',
        otherIndustry: null,
      },
    });
    expect((record!.fields.newsletterInterests as string[]).length).toBe(2);
    expect(await clientFor().read('customer', randomUUID())).toBeNull();
  });

  it('follows changes made in Dataverse: changed and removed records', async () => {
    const edited = addContact();
    const removed = addContact();
    const client = clientFor({ pageSize: 50 });
    let page = await client.readAll('customer');
    while (page.next) page = await client.readAll('customer', page.next);
    const token = page.token!;

    standIn.edit('contacts', edited, { firstname: 'Changed in Dynamics' });
    standIn.remove('contacts', removed);

    const changes = await client.changes('customer', token);
    expect(changes.changed.map((record) => [record.id, record.fields.firstName])).toEqual([
      [edited, 'Changed in Dynamics'],
    ]);
    expect(changes.removed).toEqual([removed]);
    expect(changes.token).toMatch(/\$deltatoken=/);

    const none = await client.changes('customer', changes.token!);
    expect(none).toMatchObject({ changed: [], removed: [] });
  });

  it('follows changes across several pages', async () => {
    const client = clientFor({ pageSize: 2 });
    let page = await client.readAll('customer');
    while (page.next) page = await client.readAll('customer', page.next);
    const changed = Array.from({ length: 5 }, () => addContact());

    const seen: string[] = [];
    let changes = await client.changes('customer', page.token!);
    seen.push(...changes.changed.map((record) => record.id));
    while (changes.next) {
      expect(changes.token).toBeUndefined();
      changes = await client.changes('customer', changes.next);
      seen.push(...changes.changed.map((record) => record.id));
    }
    expect(seen.sort()).toEqual([...changed].sort());
    expect(changes.token).toMatch(/\$deltatoken=/);
  });

  it('sends its token only to Dataverse', async () => {
    const failure = await failureOf(
      clientFor().changes('customer', 'https://elsewhere.example.com/api/data/v9.2/contacts'),
    );
    expect(failure).toBeInstanceOf(CrmRefused);
  });
});

describe('tokens', () => {
  it('asks for one token and uses it until shortly before it expires', async () => {
    let now = Date.UTC(2026, 10, 26);
    const tokens = clientCredentialsTokens({
      authority: standIn.url,
      ...EXAMPLE_CREDENTIALS,
      scope: `${standIn.url}/.default`,
      now: () => now,
    });
    const before = tokenRequests();
    const [first, second] = await Promise.all([tokens.get(), tokens.get()]);
    expect(second).toBe(first);
    expect(tokenRequests() - before).toBe(1);
    // Entra's tokens live 3599 s: renewed five minutes early.
    now += (3599 - 301) * 1000;
    expect(await tokens.get()).toBe(first);
    now += 2000;
    expect(await tokens.get()).not.toBe(first);
    expect(tokenRequests() - before).toBe(2);
  });

  it('gets a new token when Dataverse answers 401 for an expired one, and succeeds', async () => {
    const client = clientFor();
    await client.read('practice', demoAccountId('sommer'));
    standIn.seen.length = 0;
    standIn.expireTokens();

    const record = await client.read('practice', demoAccountId('sommer'));

    expect(record?.fields.name).toBeTruthy();
    // 401 for the old token, a new one from the token endpoint, the same read again.
    expect(standIn.seen.map((request) => [request.method, request.status])).toEqual([
      ['GET', 401],
      ['POST', 200],
      ['GET', 200],
    ]);
    expect(tokenRequests()).toBe(1);
  });

  it('is unavailable, not refused, when the credentials are wrong', async () => {
    const failure = await failureOf(
      clientFor({ clientSecret: '' }).read('practice', demoAccountId('sommer')),
    );
    expect(failure).toBeInstanceOf(CrmUnavailable);
    expect(failure.message).toMatch(/token endpoint/);
    expect(failure.message).not.toContain(EXAMPLE_CREDENTIALS.clientSecret);
  });
});

describe('writing to Dataverse', () => {
  const customerFields = {
    email: 'new.person@example.com',
    salutation: 'HERR',
    title: 'DR_MED',
    firstName: 'Neu',
    lastName: 'Person',
    phone: null,
    position: 'PRACTICE_OWNER',
    profession: null,
    otherIndustry: null,
    dateOfBirth: '1975-12-24',
    preferredLanguage: 'de',
    practiceId: demoAccountId('sommer'),
    newsletterSubscribed: true,
    newsletterDistributors: [],
    newsletterInterests: ['IMPLANTOLOGY'],
  };

  async function create(entity: CrmEntity, fields: CrmRecord['fields'], id = randomUUID()) {
    const write = { operationId: randomUUID(), entity, id, kind: 'create' as const, fields };
    const { etag } = await clientFor().write(write);
    return { id, etag, write };
  }

  it('creates a record under the portal’s key, in Dataverse’s values', async () => {
    const { id, etag } = await create('customer', customerFields);
    const row = standIn.record('contacts', id)!;
    expect(etag).toBe(row['@odata.etag']);
    expect(row).toMatchObject({
      emailaddress1: 'new.person@example.com',
      pp_salutation: 100000000,
      pp_titlecode: 'DR_MED',
      birthdate: '1975-12-24',
      _parentcustomerid_value: demoAccountId('sommer'),
      pp_newslettersubscribed: true,
      pp_newsletterinterests: '100000001',
    });
    expect(await clientFor().read('customer', id)).toMatchObject({ fields: customerFields });
  });

  it('takes a membership with its role and status', async () => {
    const customer = await create('customer', { ...customerFields, email: 'm@example.com' });
    const { id } = await create('membership', {
      customerId: customer.id,
      practiceId: demoAccountId('sommer'),
      role: 'admin',
      status: 'disabled',
    });
    expect(standIn.record('pp_memberships', id)).toMatchObject({
      _pp_contactid_value: customer.id,
      pp_role: 100000001,
      statecode: 1,
    });
  });

  it('treats a create retried after a lost answer as done, once', async () => {
    const { id, write } = await create('customer', { ...customerFields, email: 'r@example.com' });
    standIn.seen.length = 0;

    const again = await clientFor().write(write);

    expect(again.etag).toBe(standIn.record('contacts', id)!['@odata.etag']);
    expect(standIn.seen.find((request) => request.method === 'PATCH')).toMatchObject({
      headers: { 'if-none-match': '*' },
      status: 412,
    });
    expect(standIn.table('contacts').filter((row) => row.contactid === id)).toHaveLength(1);
  });

  it('updates with If-Match and answers the new version', async () => {
    const { id, etag } = await create('customer', { ...customerFields, email: 'u@example.com' });
    const client = clientFor();
    const update = {
      operationId: randomUUID(),
      entity: 'customer' as const,
      id,
      kind: 'update' as const,
      fields: { phone: '+49 30 999', newsletterInterests: [], practiceId: null },
      etag,
    };
    const next = await client.write(update);
    expect(next.etag).not.toBe(etag);
    expect(standIn.record('contacts', id)).toMatchObject({
      telephone1: '+49 30 999',
      pp_newsletterinterests: null,
      _parentcustomerid_value: null,
      firstname: 'Neu',
    });
    expect(standIn.seen.at(-1)).toMatchObject({
      method: 'PATCH',
      headers: { 'if-match': etag, prefer: 'return=representation' },
      body: { 'parentcustomerid_account@odata.bind': null },
    });

    // The same change on the old version: someone else's change came first.
    const conflict = await failureOf(client.write({ ...update, fields: { phone: '1' } }));
    expect(conflict).toBeInstanceOf(CrmConflict);
    expect(conflict).toMatchObject({ entity: 'customer', id });
  });

  it('does not bring back a record removed in Dataverse', async () => {
    const { id } = await create('customer', { ...customerFields, email: 'gone@example.com' });
    standIn.remove('contacts', id);
    const failure = await failureOf(
      clientFor().write({
        operationId: randomUUID(),
        entity: 'customer',
        id,
        kind: 'update',
        fields: { firstName: 'Again' },
      }),
    );
    expect(failure).toBeInstanceOf(CrmRefused);
    expect(failure).toMatchObject({ status: 404 });
    expect(standIn.record('contacts', id)).toBeUndefined();
  });

  it('deletes with If-Match; a record already gone counts as deleted', async () => {
    const { id, etag } = await create('location', {
      practiceId: demoAccountId('sommer'),
      name: 'Filiale Süd',
      street: 'Südstraße 1',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DE',
      phoneNumber: null,
      invoiceMail: null,
      status: 'enabled',
    });
    const remove = {
      operationId: randomUUID(),
      entity: 'location' as const,
      id,
      kind: 'delete' as const,
      fields: {},
    };
    standIn.edit('pp_locations', id, { pp_city: 'Potsdam' });
    expect(await failureOf(clientFor().write({ ...remove, etag }))).toBeInstanceOf(CrmConflict);

    expect(await clientFor().write(remove)).toEqual({ etag: '' });
    expect(standIn.record('pp_locations', id)).toBeUndefined();
    expect(await clientFor().write(remove)).toEqual({ etag: '' });
  });

  it('deactivates with its state and status reason, and leaves the record and its contacts', async () => {
    const { id } = await create('practice', { name: 'Praxis Ruhe', status: 'enabled' });
    const contact = await create('customer', {
      ...customerFields,
      email: 'ruhe@example.com',
      practiceId: id,
    });
    const deactivate = {
      operationId: randomUUID(),
      entity: 'practice' as const,
      id,
      kind: 'deactivate' as const,
      fields: {},
    };
    standIn.seen.length = 0;
    expect(await clientFor().write(deactivate)).toEqual({ etag: '' });
    expect(standIn.seen.filter((request) => request.path.includes('accounts('))).toMatchObject([
      { method: 'PATCH', headers: { 'if-match': '*' }, body: { statecode: 1, statuscode: 2 } },
    ]);
    expect(standIn.record('accounts', id)).toMatchObject({ name: 'Praxis Ruhe', statecode: 1 });
    expect(standIn.record('contacts', contact.id)).toMatchObject({ _parentcustomerid_value: id });
    // Deleted in Dataverse meanwhile: nothing left to deactivate, and no record made.
    standIn.remove('accounts', id);
    expect(await clientFor().write(deactivate)).toEqual({ etag: '' });
    expect(standIn.record('accounts', id)).toBeUndefined();
  });

  it('parks a write Dataverse refuses for good, with Dataverse’s reason', async () => {
    const lift = standIn.refuse('contacts', (write) =>
      write.row?.emailaddress1 === 'blocked@example.com'
        ? 'A duplicate contact with this e-mail address exists.'
        : false,
    );
    try {
      const failure = await failureOf(
        create('customer', { ...customerFields, email: 'blocked@example.com' }),
      );
      expect(failure).toBeInstanceOf(CrmRefused);
      expect(failure).toMatchObject({ status: 400 });
      expect(failure.message).toContain('A duplicate contact with this e-mail address exists.');
    } finally {
      lift();
    }
  });

  it('refuses values that are not the portal’s before sending them', async () => {
    const before = standIn.seen.length;
    const unknownCode = await failureOf(
      create('customer', { ...customerFields, salutation: 'GRAF' }),
    );
    expect(unknownCode).toBeInstanceOf(CrmRefused);
    expect(unknownCode.message).toContain('GRAF');
    const badDate = await failureOf(
      create('customer', { ...customerFields, dateOfBirth: '24.12.1975' }),
    );
    expect(badDate).toBeInstanceOf(CrmRefused);
    expect(standIn.seen.slice(before).some((request) => request.method === 'PATCH')).toBe(false);
  });
});

describe('when Dataverse is busy or away', () => {
  it('answers 429 with Retry-After as unavailable, with the wait', async () => {
    standIn.setThrottle({ every: 1, retryAfterSeconds: 7 });
    const failure = await failureOf(clientFor().readAll('practice'));
    expect(failure).toBeInstanceOf(CrmUnavailable);
    expect(failure).toMatchObject({ retryAfterMs: 7000 });
  });

  it('is unavailable when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const url = `http://127.0.0.1:${port}`;
    const failure = await failureOf(clientFor({ url, authority: url }).readAll('practice'));
    expect(failure).toBeInstanceOf(CrmUnavailable);
  });

  it('gives up on an answer that does not come, and on a 5xx', async () => {
    const requests: string[] = [];
    let server: Server | undefined;
    try {
      server = createServer((request, response) => {
        requests.push(request.url ?? '');
        if (request.url?.includes('/oauth2/')) {
          response.setHeader('content-type', 'application/json');
          response.end(
            JSON.stringify({ token_type: 'Bearer', expires_in: 3599, access_token: 'x' }),
          );
        } else if (request.url?.includes('accounts')) {
          // Never answers.
        } else {
          response.writeHead(503, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { code: '0x0', message: 'Down for upgrade' } }));
        }
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const client = clientFor({ url, authority: url, requestTimeoutMs: 300 });

      const timeout = await failureOf(client.readAll('practice'));
      expect(timeout).toBeInstanceOf(CrmUnavailable);
      expect(timeout.message).toContain('no answer in time');

      const down = await failureOf(client.readAll('customer'));
      expect(down).toBeInstanceOf(CrmUnavailable);
      expect(down.message).toContain('Down for upgrade');
    } finally {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
  });
});

describe('picklists', () => {
  /** The portal's own picklists (apps/api/src/db/migrations/0002_reference_data.sql). */
  function portalPicklists() {
    const sql = readFileSync(
      new URL('../../src/db/migrations/0002_reference_data.sql', import.meta.url),
      'utf8',
    );
    const text = "'((?:[^']|'')*)'";
    const row = new RegExp(`\\(${text}, ${text}, ${text}, ${text}, (\\d+)\\)`, 'g');
    return [...sql.matchAll(row)]
      .filter((match) => match[1] !== undefined && !match[1].includes('@'))
      .map(([, list, code, labelDe, labelEn, sortOrder]) => ({
        list: list!,
        code: code!,
        labelDe: labelDe!.replaceAll("''", "'"),
        labelEn: labelEn!.replaceAll("''", "'"),
        sortOrder: Number(sortOrder),
      }));
  }

  it('come from the option sets, with German and English labels and the portal’s codes', async () => {
    const picklists = await clientFor().picklists();
    expect(picklists).toContainEqual({
      list: 'salutation',
      code: 'FRAU',
      labelDe: 'Frau',
      labelEn: 'Ms',
      sortOrder: 20,
    });
    const key = (entry: { list: string; code: string }) => `${entry.list}:${entry.code}`;
    const expected = portalPicklists();
    expect(expected.length).toBeGreaterThan(20);
    expect([...picklists].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      [...expected].sort((a, b) => key(a).localeCompare(key(b))),
    );
  });

  it('take V<value> as the code of an option without ExternalValue', async () => {
    const set = standIn.optionSets.get('pp_position')!;
    set.options.push({
      value: 100000099,
      externalValue: null,
      labelDe: 'Neu in Dynamics',
      labelEn: 'New in Dynamics',
    });
    try {
      const id = addContact({ pp_position: 100000099 });
      // A cached option set that does not know the value is read again.
      const client = clientFor();
      await client.picklists();
      expect((await client.read('customer', id))?.fields.position).toBe('V100000099');
      expect(await client.picklists()).toContainEqual(
        expect.objectContaining({
          list: 'position',
          code: 'V100000099',
          labelDe: 'Neu in Dynamics',
        }),
      );
    } finally {
      set.options.pop();
    }
  });
});
