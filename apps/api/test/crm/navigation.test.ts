import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  EXAMPLE_CREDENTIALS,
  portalDataverseSettings,
  demoAccountId,
  demoContactId,
  demoLocationId,
  startDataverseStandIn,
  type DataverseStandIn,
} from '@pp/dataverse-stand-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/crm-metadata.ts';
import type { CrmEntity, CrmRecord } from '../../src/crm-sync/crm-client.ts';
import { dataverseClient } from '../../src/crm-sync/dataverse/client.ts';
import { loadMapping, parseMapping } from '../../src/crm-sync/dataverse/mapping.ts';
import {
  checkMetadata,
  provisionMetadata,
} from '../../src/crm-sync/dataverse/provision/provision.ts';
import { clientCredentialsTokens } from '../../src/crm-sync/dataverse/token.ts';
import { DataverseWebApi } from '../../src/crm-sync/dataverse/web-api.ts';

// Issue 44, finding 5: Dataverse names a lookup's navigation property by the relationship's
// ReferencingEntityNavigationPropertyName, for a custom lookup its case-sensitive SchemaName
// (`PP_AccountId` when the publisher prefix is written in capitals), and answers 400 to
// `pp_accountid@odata.bind` ("Associate and disassociate table rows using the Web API",
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/associate-disassociate-entities-using-web-api;
// "Query table definitions using the Web API",
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/query-metadata-web-api).

const demo = { anna: 'anna.sommer@example.com', ben: 'ben.krause@example.com' };

type MappingJson = {
  entities: Record<string, { fields: Record<string, Record<string, unknown>> }>;
};
function defaultMappingJson(): MappingJson {
  const url = new URL('../../src/crm-sync/dataverse/default-mapping.json', import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as MappingJson;
}

describe('an environment whose schema names are written PP_AccountId', () => {
  let standIn: DataverseStandIn;
  beforeAll(async () => {
    standIn = await startDataverseStandIn({ schemaPrefix: 'PP' });
  });
  afterAll(() => standIn.stop());

  const client = () =>
    dataverseClient({
      url: standIn.url,
      authority: standIn.url,
      ...EXAMPLE_CREDENTIALS,
      mapping: loadMapping(),
    });
  async function create(entity: CrmEntity, fields: CrmRecord['fields']) {
    const id = randomUUID();
    await client().write({ operationId: randomUUID(), entity, id, kind: 'create', fields });
    return id;
  }

  it('writes every location, membership and assignment with the lookups the metadata names', async () => {
    const practice = demoAccountId('sommer');
    const location = await create('location', {
      practiceId: practice,
      name: 'Haus C',
      street: 'Lindenallee 3',
      postalCode: '50667',
      city: 'Köln',
      country: 'DE',
      phoneNumber: null,
      invoiceMail: null,
      status: 'enabled',
    });
    const customer = demoContactId(demo.anna);
    const membership = await create('membership', {
      customerId: customer,
      practiceId: practice,
      role: 'member',
      status: 'enabled',
    });
    const assignment = await create('locationAssignment', {
      locationId: location,
      customerId: customer,
    });
    expect(standIn.record('pp_locations', location)).toMatchObject({
      _pp_accountid_value: practice,
    });
    expect(standIn.record('pp_memberships', membership)).toMatchObject({
      _pp_accountid_value: practice,
      _pp_contactid_value: customer,
    });
    expect(standIn.record('pp_locationassignments', assignment)).toMatchObject({
      _pp_locationid_value: location,
      _pp_contactid_value: customer,
    });
    const binds = standIn.seen
      .filter((request) => request.method === 'PATCH')
      .flatMap((request) => Object.keys(request.body as object))
      .filter((key) => key.endsWith('@odata.bind'));
    expect(new Set(binds)).toEqual(
      new Set(['PP_AccountId@odata.bind', 'PP_ContactId@odata.bind', 'PP_LocationId@odata.bind']),
    );
  });

  it('reads the navigation names once, not for every write', async () => {
    const writer = client();
    const fields = { locationId: demoLocationId('sommer', 0), customerId: demoContactId(demo.ben) };
    standIn.seen.length = 0;
    for (let i = 0; i < 3; i++) {
      await writer.write({
        operationId: randomUUID(),
        entity: 'locationAssignment',
        id: randomUUID(),
        kind: 'create',
        fields,
      });
    }
    const metadataReads = standIn.seen.filter((r) => r.path.includes('EntityDefinitions'));
    expect(metadataReads.length).toBe(1);
  });

  it('crm:check names a navigation property of the mapping that the metadata spells otherwise', async () => {
    const json = defaultMappingJson();
    json.entities.location!.fields.practiceId!.navigation = 'pp_accountid';
    const file = path.join(tmpdir(), `mapping-${randomUUID()}.json`);
    writeFileSync(file, JSON.stringify(json));
    parseMapping(json, file);
    const lines: string[] = [];
    const code = await runCli(
      ['check'],
      {
        ...portalDataverseSettings(standIn.url),
        DATAVERSE_MAPPING_FILE: file,
      },
      (line) => lines.push(line),
    );
    expect(code).toBe(1);
    expect(lines.join('\n')).toContain(
      'lookup pp_location.pp_accountid is navigated as PP_AccountId, the mapping says pp_accountid',
    );
  });
});

describe('crm:provision with navigation names in the mapping', () => {
  let standIn: DataverseStandIn;
  beforeAll(async () => {
    standIn = await startDataverseStandIn({ portalSolution: false });
  });
  afterAll(() => standIn.stop());

  it('creates the lookup under the SchemaName that gives the mapping its navigation name', async () => {
    const json = defaultMappingJson();
    json.entities.location!.fields.practiceId!.navigation = 'pp_AccountId';
    const mapping = parseMapping(json, 'a test mapping');
    const api = new DataverseWebApi(
      standIn.url,
      clientCredentialsTokens({
        authority: standIn.url,
        ...EXAMPLE_CREDENTIALS,
        scope: `${standIn.url}/.default`,
      }),
    );
    const report = await provisionMetadata(api, { mapping });
    expect(report.steps).toContain(
      'create lookup pp_location.pp_accountid to account (navigation pp_AccountId)',
    );
    expect((await checkMetadata(api, { mapping })).problems).toEqual([]);

    const id = randomUUID();
    await dataverseClient({
      url: standIn.url,
      authority: standIn.url,
      ...EXAMPLE_CREDENTIALS,
      mapping,
    }).write({
      operationId: randomUUID(),
      entity: 'location',
      id,
      kind: 'create',
      fields: { practiceId: demoAccountId('sommer'), name: 'Haus D', status: 'enabled' },
    });
    expect(standIn.seen.at(-1)?.body).toHaveProperty(['pp_AccountId@odata.bind']);
    expect(standIn.record('pp_locations', id)).toMatchObject({
      _pp_accountid_value: demoAccountId('sommer'),
    });
  });
});
