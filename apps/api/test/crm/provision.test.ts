import {
  EXAMPLE_CREDENTIALS,
  portalDataverseSettings,
  startDataverseStandIn,
  type DataverseStandIn,
} from '@pp/dataverse-stand-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/crm-metadata.ts';
import { loadMapping } from '../../src/crm-sync/dataverse/mapping.ts';
import { firstMetadataProblem } from '../../src/crm-sync/dataverse/provision/provision.ts';
import { clientCredentialsTokens } from '../../src/crm-sync/dataverse/token.ts';
import { DataverseWebApi } from '../../src/crm-sync/dataverse/web-api.ts';

// `npm run crm:check` and `npm run crm:provision` (issue 44, finding 5) against the stand-in
// Dataverse, whose metadata endpoints follow Microsoft Learn ("Use the Web API with table
// definitions", https://learn.microsoft.com/power-apps/developer/data-platform/webapi/use-web-api-metadata;
// the pages of each request are cited in apps/dataverse-stand-in/test/metadata.test.ts).

function envOf(standIn: DataverseStandIn): NodeJS.ProcessEnv {
  return portalDataverseSettings(standIn.url);
}

async function run(standIn: DataverseStandIn, ...args: string[]) {
  const lines: string[] = [];
  const code = await runCli(args, envOf(standIn), (line) => lines.push(line));
  return { code, out: lines.join('\n') };
}

const writes = (standIn: DataverseStandIn) =>
  standIn.seen.filter(
    (request) => request.method !== 'GET' && request.path.startsWith('/api/data/'),
  ).length;

function webApi(standIn: DataverseStandIn) {
  return new DataverseWebApi(
    standIn.url,
    clientCredentialsTokens({
      authority: standIn.url,
      ...EXAMPLE_CREDENTIALS,
      scope: `${standIn.url}/.default`,
    }),
  );
}

describe('an environment without the portal solution', () => {
  let standIn: DataverseStandIn;
  beforeAll(async () => {
    standIn = await startDataverseStandIn({ demo: false, portalSolution: false });
  });
  afterAll(() => standIn.stop());

  it('crm:check lists what is missing, and the start names the first problem', async () => {
    const { code, out } = await run(standIn, 'check');
    expect(code).toBe(1);
    for (const line of [
      'solution PracticePortal is missing',
      'option set pp_salutation is missing',
      'table pp_location is missing',
      'table pp_membership is missing',
      'table pp_locationassignment is missing',
      'column contact.pp_salutation is missing',
      'lookup pp_locationassignment.pp_locationid to pp_location is missing',
      'table contact does not have change tracking on',
    ]) {
      expect(out).toContain(line);
    }
    expect(await firstMetadataProblem(webApi(standIn), loadMapping())).toBe(
      'option set pp_salutation is missing',
    );
  });

  it('crm:provision --dry-run prints the plan and changes nothing', async () => {
    standIn.seen.length = 0;
    const { code, out } = await run(standIn, 'provision', '--dry-run');
    expect(code).toBe(0);
    expect(out).toContain('(dry run, nothing changed)');
    expect(out).toMatch(/1\. create publisher with prefix "pp"/);
    expect(out).toContain(
      'create option set pp_salutation with 4 options (ExternalValue HERR, FRAU, DIVERS, KEINE_ANGABE)',
    );
    expect(out).toContain('create table pp_location (entity set pp_locations');
    expect(out).toContain('turn on change tracking for table account');
    expect(writes(standIn)).toBe(0);
  });

  it('crm:provision creates everything; a second run sends nothing; crm:check is content', async () => {
    const first = await run(standIn, 'provision');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/Done: \d+ steps\./);

    standIn.seen.length = 0;
    const second = await run(standIn, 'provision');
    expect(second.out).toContain('Nothing to create.');
    expect(writes(standIn)).toBe(0);

    const check = await run(standIn, 'check');
    expect(check.code).toBe(0);
    expect(check.out).toContain('every table, column, option set, lookup and change tracking');
    expect(await firstMetadataProblem(webApi(standIn), loadMapping())).toBeNull();
  });

  it('makes the lookups to contacts and accounts with Merge Cascade', async () => {
    // A merge in Dynamics moves the subordinate's rows to the master along these only
    // (Microsoft Learn: "Configure table relationship cascading behavior").
    const api = webApi(standIn);
    const cascades = async (table: string) => {
      const answer = await api.send(
        'GET',
        `EntityDefinitions(LogicalName='${table}')/ManyToOneRelationships?$select=ReferencingAttribute,CascadeConfiguration`,
      );
      const rows = (
        answer.body as {
          value: { ReferencingAttribute: string; CascadeConfiguration: { Merge: string } }[];
        }
      ).value;
      return Object.fromEntries(
        rows.map((row) => [row.ReferencingAttribute, row.CascadeConfiguration.Merge]),
      );
    };
    expect(await cascades('pp_membership')).toMatchObject({
      pp_contactid: 'Cascade',
      pp_accountid: 'Cascade',
    });
    expect(await cascades('pp_location')).toMatchObject({ pp_accountid: 'Cascade' });
    expect(await cascades('pp_locationassignment')).toMatchObject({
      pp_contactid: 'Cascade',
      pp_locationid: 'NoCascade',
    });
  });

  it('the options carry the portal codes as ExternalValue', async () => {
    const api = webApi(standIn);
    const set = await api.send('GET', "GlobalOptionSetDefinitions(Name='pp_salutation')");
    const options = (set.body as { Options: { Value: number; ExternalValue: string }[] }).Options;
    expect(options.map((o) => [o.Value, o.ExternalValue])).toEqual([
      [100000000, 'HERR'],
      [100000001, 'FRAU'],
      [100000002, 'DIVERS'],
      [100000003, 'KEINE_ANGABE'],
    ]);
  });
});

describe('an environment that differs', () => {
  let standIn: DataverseStandIn;
  beforeAll(async () => {
    standIn = await startDataverseStandIn({ demo: false, portalSolution: false });
  });
  afterAll(() => standIn.stop());

  it('reports an option without ExternalValue and leaves it to the operator', async () => {
    const api = webApi(standIn);
    await api.send('POST', 'publishers', {
      body: {
        uniquename: 'someone',
        friendlyname: 'Someone',
        customizationprefix: 'pp',
        customizationoptionvalueprefix: 10000,
      },
    });
    const label = (text: string) => ({ LocalizedLabels: [{ Label: text, LanguageCode: 1033 }] });
    const made = await api.send('POST', 'GlobalOptionSetDefinitions', {
      body: {
        '@odata.type': 'Microsoft.Dynamics.CRM.OptionSetMetadata',
        Name: 'pp_salutation',
        DisplayName: label('Salutation'),
        IsGlobal: true,
        OptionSetType: 'Picklist',
        Options: [
          { Value: 100000000, ExternalValue: 'HERR', Label: label('Mr') },
          { Value: 100000004, Label: label('Dr') },
        ],
      },
    });
    expect(made.status).toBe(204);
    const { code, out } = await run(standIn, 'provision');
    expect(code).toBe(1);
    expect(out).toContain('Left for the operator');
    expect(out).toContain('option set pp_salutation: option 100000004 has no ExternalValue');
    expect(out).toContain('option set pp_salutation has no option with ExternalValue FRAU');
    const check = await run(standIn, 'check');
    expect(check.out).not.toContain('is missing');
  });
});

describe('a lookup whose Merge cascade differs', () => {
  let standIn: DataverseStandIn;
  beforeAll(async () => {
    standIn = await startDataverseStandIn({ demo: false });
  });
  afterAll(() => standIn.stop());

  it('crm:check names it; the start goes on', async () => {
    const api = webApi(standIn);
    const path = "RelationshipDefinitions(SchemaName='pp_contact_pp_membership_contactid')";
    const definition = (await api.send('GET', path)).body as Record<string, unknown>;
    const put = await api.send('PUT', path, {
      body: {
        ...definition,
        CascadeConfiguration: {
          ...(definition.CascadeConfiguration as object),
          Merge: 'NoCascade',
        },
      },
    });
    expect(put.status).toBe(204);
    const { code, out } = await run(standIn, 'check');
    expect(code).toBe(1);
    expect(out).toContain(
      'lookup pp_membership.pp_contactid has the Merge cascade NoCascade, the portal needs Cascade',
    );
    expect(out).toContain('[not fixed by crm:provision]');
    expect(await firstMetadataProblem(api, loadMapping())).toBeNull();
  });
});

describe('the stand-in with the portal solution', () => {
  let standIn: DataverseStandIn;
  beforeAll(async () => {
    standIn = await startDataverseStandIn({ demo: true });
  });
  afterAll(() => standIn.stop());

  it('crm:check finds nothing missing', async () => {
    const { code, out } = await run(standIn, 'check');
    expect(out).toContain('every table');
    expect(code).toBe(0);
  });
});
