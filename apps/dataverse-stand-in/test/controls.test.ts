import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoContactId, startDataverseStandIn, type DataverseStandIn } from '../src/index.ts';
import { api, token } from './support.ts';

// The stand-in's own controls over HTTP (`httpControls`, the CLI's `--controls`), for a test
// whose stand-in runs in another process, and the CLI itself. These are not Dataverse's; the
// Web API answers they cause are those of the other test files (429: api-limits, 401: bearer
// tokens, change tracking: use-change-tracking-synchronize-data-external-systems, all on
// https://learn.microsoft.com/power-apps/developer/data-platform/).

let standIn: DataverseStandIn;
let bearer: string;
beforeAll(async () => {
  standIn = await startDataverseStandIn({ httpControls: true });
  bearer = await token(standIn);
});
afterAll(() => standIn.stop());

const control = (what: string, body?: unknown, method = 'POST') =>
  fetch(`${standIn.url}/_stand-in/${what}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('HTTP controls', () => {
  it('throttles and lifts the throttle', async () => {
    expect((await control('throttle', { seconds: 60 })).status).toBe(204);
    expect((await api(standIn, bearer, 'WhoAmI')).status).toBe(429);
    await control('throttle', null);
    expect((await api(standIn, bearer, 'WhoAmI')).status).toBe(200);
  });

  it('expires change tracking: an older delta link answers 400 ExpiredVersionStamp', async () => {
    const first = await api(standIn, bearer, 'contacts?$select=lastname', {
      headers: { prefer: 'odata.track-changes' },
    });
    await control('edit', {
      entitySet: 'contacts',
      id: demoContactId('ben.krause@example.com'),
      fields: { lastname: 'Krause-Alt' },
    });
    expect((await control('expire-change-tracking')).status).toBe(204);
    const expired = await api(standIn, bearer, first.body['@odata.deltaLink']);
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('0x80044352');
  });

  it('expires tokens', async () => {
    const before = await token(standIn);
    await control('expire-tokens');
    expect((await api(standIn, before, 'WhoAmI')).status).toBe(401);
    bearer = await token(standIn);
  });

  it('edits and removes rows as a CRM user, refuses writes, and lists what clients sent', async () => {
    const ben = demoContactId('ben.krause@example.com');
    const edited = await control('edit', {
      entitySet: 'contacts',
      id: ben,
      fields: { telephone1: '+49 30 555' },
    });
    expect(((await edited.json()) as { etag: string }).etag).toMatch(/^W\/"\d+"$/);
    expect(standIn.record('contacts', ben)!.telephone1).toBe('+49 30 555');
    await control('refuse', { entitySet: 'contacts', where: { lastname: 'Geparkt' } });
    await control('seen', undefined, 'DELETE');
    const refused = await api(standIn, bearer, 'contacts', {
      method: 'POST',
      body: { lastname: 'Geparkt' },
    });
    expect(refused.status).toBe(400);
    const seen = (await (await control('seen', undefined, 'GET')).json()) as { status: number }[];
    expect(seen).toEqual([expect.objectContaining({ method: 'POST', status: 400 })]);
    const removed = await control('remove', { entitySet: 'contacts', id: ben });
    expect(await removed.json()).toEqual({ removed: true });
  });

  it('changes the organisation WhoAmI names, as another environment answering', async () => {
    const other = '0d0e0f10-1112-4131-8415-161718191a1b';
    expect((await control('organisation', { id: other.toUpperCase() })).status).toBe(204);
    const whoAmI = await api(standIn, bearer, 'WhoAmI');
    expect(whoAmI.body.OrganizationId).toBe(other);
    const refused = await control('organisation', { id: 'not-a-guid' });
    expect(refused.status).toBe(400);
    expect((await api(standIn, bearer, 'WhoAmI')).body.OrganizationId).toBe(other);
  });

  it('suspends for some seconds and comes back with its rows', async () => {
    await control('suspend', { seconds: 0.6 });
    await new Promise((resolve) => setTimeout(resolve, 250));
    await expect(fetch(`${standIn.apiUrl}/WhoAmI`)).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 900));
    const back = await api(standIn, bearer, 'contacts?$select=lastname');
    expect(back.status).toBe(200);
    expect(back.body.value).toHaveLength(3);
  });

  it('are absent unless asked for', async () => {
    const plain = await startDataverseStandIn({ demo: false });
    try {
      expect((await fetch(`${plain.url}/_stand-in/expire-tokens`, { method: 'POST' })).status).toBe(
        404,
      );
    } finally {
      await plain.stop();
    }
  });
});

describe('CLI', () => {
  it('prints the URL, the settings for the portal and a curl line that works', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', new URL('../src/cli.ts', import.meta.url).pathname, '--port', '0'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('curl -s -H')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`the CLI ended with ${code}`)));
      });
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
      for (const name of [
        'CRM_PROVIDER=dataverse',
        `DATAVERSE_URL=${url}`,
        `DATAVERSE_AUTHORITY=${url}`,
        'DATAVERSE_TENANT_ID=',
        'DATAVERSE_CLIENT_ID=',
        'DATAVERSE_CLIENT_SECRET=',
      ]) {
        expect(output).toContain(name);
      }
      const tenant = /DATAVERSE_TENANT_ID=(\S+)/.exec(output)![1]!;
      const client = /DATAVERSE_CLIENT_ID=(\S+)/.exec(output)![1]!;
      const secret = /DATAVERSE_CLIENT_SECRET=(\S+)/.exec(output)![1]!;
      const issued = (await (
        await fetch(`${url}/${tenant}/oauth2/v2.0/token`, {
          method: 'POST',
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: client,
            client_secret: secret,
            scope: `${url}/.default`,
          }),
        })
      ).json()) as { access_token: string };
      const contacts = await fetch(`${url}/api/data/v9.2/contacts?$select=emailaddress1`, {
        headers: { authorization: `Bearer ${issued.access_token}` },
      });
      expect(contacts.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
