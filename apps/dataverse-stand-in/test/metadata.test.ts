import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataverseStandIn, type DataverseStandIn } from '../src/index.ts';
import { api, token } from './support.ts';

// Table definitions through the Web API, as Microsoft Learn describes them:
// - "Use the Web API with table definitions" (the EntityDefinitions, RelationshipDefinitions and
//   GlobalOptionSetDefinitions entity sets),
//   https://learn.microsoft.com/power-apps/developer/data-platform/webapi/use-web-api-metadata
// - "Query table definitions using the Web API" ($select, $expand=Attributes, type casts,
//   $expand=OptionSet),
//   https://learn.microsoft.com/power-apps/developer/data-platform/webapi/query-metadata-web-api
// - "Retrieve table definitions by name or MetadataId" (EntityDefinitions(LogicalName='…')),
//   https://learn.microsoft.com/power-apps/developer/data-platform/webapi/retrieve-metadata-name-metadataid
// - "Create and update table definitions using the Web API" (POST with the primary name column,
//   the publisher's customization prefix, MSCRM.SolutionUniqueName, PUT to update),
//   https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-update-entity-definitions-using-web-api
// - "Create and update column definitions using the Web API",
//   https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-update-column-definitions-using-web-api
// - "Create and update choices (option sets) using the Web API",
//   https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-update-optionsets
// - "Create and update table relationships using the Web API",
//   https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-update-entity-relationships-using-web-api
// - ChangeTrackingEnabled: "Enable change tracking to control data synchronization",
//   https://learn.microsoft.com/power-apps/developer/data-platform/use-change-tracking-synchronize-data-external-systems

const label = (text: string) => ({
  '@odata.type': 'Microsoft.Dynamics.CRM.Label',
  LocalizedLabels: [
    { '@odata.type': 'Microsoft.Dynamics.CRM.LocalizedLabel', Label: text, LanguageCode: 1033 },
  ],
});

describe('metadata of the tables the stand-in serves', () => {
  let standIn: DataverseStandIn;
  let bearer: string;
  beforeAll(async () => {
    standIn = await startDataverseStandIn({ demo: false });
    bearer = await token(standIn);
  });
  afterAll(() => standIn.stop());

  it('answers EntityDefinitions(LogicalName=…) with $select and $expand=Attributes', async () => {
    const answer = await api(
      standIn,
      bearer,
      "EntityDefinitions(LogicalName='pp_location')?$select=LogicalName,EntitySetName,ChangeTrackingEnabled&$expand=Attributes($select=LogicalName,AttributeType)",
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      LogicalName: 'pp_location',
      EntitySetName: 'pp_locations',
      ChangeTrackingEnabled: true,
    });
    expect(answer.body.DisplayName).toBeUndefined();
    const columns = Object.fromEntries(
      (answer.body.Attributes as { LogicalName: string; AttributeType: string }[]).map((a) => [
        a.LogicalName,
        a.AttributeType,
      ]),
    );
    expect(columns).toMatchObject({
      pp_locationid: 'Uniqueidentifier',
      pp_name: 'String',
      pp_accountid: 'Lookup',
      statecode: 'State',
    });
  });

  it('answers 404 for a table that does not exist, and 400 for an unknown $select', async () => {
    const missing = await api(standIn, bearer, "EntityDefinitions(LogicalName='pp_nothing')");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('0x80040217');
    const unknown = await api(
      standIn,
      bearer,
      "EntityDefinitions(LogicalName='contact')?$select=Nope",
    );
    expect(unknown.status).toBe(400);
  });

  it('casts Attributes to PicklistAttributeMetadata and expands the OptionSet', async () => {
    const answer = await api(
      standIn,
      bearer,
      "EntityDefinitions(LogicalName='contact')/Attributes/Microsoft.Dynamics.CRM.PicklistAttributeMetadata?$select=LogicalName&$expand=OptionSet($select=Name,IsGlobal,Options)",
    );
    expect(answer.status).toBe(200);
    const salutation = (
      answer.body.value as {
        LogicalName: string;
        OptionSet: { Name: string; IsGlobal: boolean; Options: { ExternalValue: string }[] };
      }[]
    ).find((a) => a.LogicalName === 'pp_salutation');
    expect(salutation?.OptionSet).toMatchObject({ Name: 'pp_salutation', IsGlobal: true });
    expect(salutation?.OptionSet.Options[0]?.ExternalValue).toBe('HERR');
  });

  it('lists the lookups as ManyToOneRelationships with their navigation properties', async () => {
    const answer = await api(
      standIn,
      bearer,
      "EntityDefinitions(LogicalName='contact')/ManyToOneRelationships?$select=ReferencedEntity,ReferencingAttribute,ReferencingEntityNavigationPropertyName",
    );
    expect(answer.body.value).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          ReferencedEntity: 'account',
          ReferencingAttribute: 'parentcustomerid',
          ReferencingEntityNavigationPropertyName: 'parentcustomerid_account',
        }),
      ]),
    );
  });

  it('refuses PATCH on a table definition: it is updated with PUT', async () => {
    const answer = await api(standIn, bearer, "EntityDefinitions(LogicalName='contact')", {
      method: 'PATCH',
      body: { ChangeTrackingEnabled: true },
    });
    expect(answer.status).toBe(405);
  });
});

describe('creating definitions in an environment without the portal solution', () => {
  let standIn: DataverseStandIn;
  let bearer: string;
  beforeAll(async () => {
    standIn = await startDataverseStandIn({ demo: false, portalSolution: false });
    bearer = await token(standIn);
  });
  afterAll(() => standIn.stop());

  const post = (path: string, body: unknown, solution?: string) =>
    api(standIn, bearer, path, {
      method: 'POST',
      body,
      headers: solution ? { 'MSCRM.SolutionUniqueName': solution } : {},
    });

  it('has neither the pp_ tables nor the pp_ option sets, and contact has no change tracking', async () => {
    expect(
      (await api(standIn, bearer, "EntityDefinitions(LogicalName='pp_location')")).status,
    ).toBe(404);
    expect(
      (await api(standIn, bearer, "GlobalOptionSetDefinitions(Name='pp_salutation')")).status,
    ).toBe(404);
    const contact = await api(
      standIn,
      bearer,
      "EntityDefinitions(LogicalName='contact')?$select=ChangeTrackingEnabled",
    );
    expect(contact.body.ChangeTrackingEnabled).toBe(false);
  });

  it('creates a publisher and a solution, then a table in it with the publisher prefix only', async () => {
    const publisher = await post('publishers', {
      uniquename: 'testpublisher',
      friendlyname: 'Test',
      customizationprefix: 'pp',
      customizationoptionvalueprefix: 10000,
    });
    expect(publisher.status).toBe(204);
    const publisherId = /\(([^)]+)\)$/.exec(publisher.headers.get('odata-entityid')!)![1];
    const solution = await post('solutions', {
      uniquename: 'TestSolution',
      friendlyname: 'Test',
      version: '1.0.0.0',
      'publisherid@odata.bind': `/publishers(${publisherId})`,
    });
    expect(solution.status).toBe(204);

    const table = {
      '@odata.type': 'Microsoft.Dynamics.CRM.EntityMetadata',
      SchemaName: 'pp_thing',
      DisplayName: label('Thing'),
      DisplayCollectionName: label('Things'),
      OwnershipType: 'OrganizationOwned',
      HasActivities: false,
      HasNotes: false,
      Attributes: [
        {
          '@odata.type': 'Microsoft.Dynamics.CRM.StringAttributeMetadata',
          SchemaName: 'pp_name',
          IsPrimaryName: true,
          MaxLength: 100,
          DisplayName: label('Name'),
        },
      ],
    };
    const wrongPrefix = await post(
      'EntityDefinitions',
      { ...table, SchemaName: 'new_thing' },
      'TestSolution',
    );
    expect(wrongPrefix.status).toBe(400);
    const noPrimary = await post('EntityDefinitions', { ...table, Attributes: [] }, 'TestSolution');
    expect(noPrimary.status).toBe(400);
    const noLabel = await post(
      'EntityDefinitions',
      { ...table, DisplayName: 'Thing' },
      'TestSolution',
    );
    expect(noLabel.status).toBe(400);
    const made = await post('EntityDefinitions', table, 'TestSolution');
    expect(made.status).toBe(204);
    expect(made.headers.get('odata-entityid')).toMatch(/\/EntityDefinitions\([0-9a-f-]{36}\)$/);
    const read = await api(
      standIn,
      bearer,
      "EntityDefinitions(LogicalName='pp_thing')?$select=EntitySetName,PrimaryNameAttribute",
    );
    expect(read.body).toMatchObject({
      EntitySetName: 'pp_things',
      PrimaryNameAttribute: 'pp_name',
    });
    expect((await post('EntityDefinitions', table, 'TestSolution')).status).toBe(400);
  });

  it('creates a global option set with ExternalValues and a choice column bound to it', async () => {
    const created = await post(
      'GlobalOptionSetDefinitions',
      {
        '@odata.type': 'Microsoft.Dynamics.CRM.OptionSetMetadata',
        Name: 'pp_colour',
        DisplayName: label('Colour'),
        IsGlobal: true,
        OptionSetType: 'Picklist',
        Options: [
          { Value: null, ExternalValue: 'RED', Label: label('Red') },
          { Value: null, ExternalValue: 'BLUE', Label: label('Blue') },
        ],
      },
      'TestSolution',
    );
    expect(created.status).toBe(204);
    const id = /\(([^)]+)\)$/.exec(created.headers.get('odata-entityid')!)![1];
    const set = await api(standIn, bearer, "GlobalOptionSetDefinitions(Name='pp_colour')");
    expect(
      set.body.Options.map((o: { Value: number; ExternalValue: string }) => [
        o.Value,
        o.ExternalValue,
      ]),
    ).toEqual([
      [100000000, 'RED'],
      [100000001, 'BLUE'],
    ]);
    const column = await post(
      "EntityDefinitions(LogicalName='pp_thing')/Attributes",
      {
        '@odata.type': 'Microsoft.Dynamics.CRM.PicklistAttributeMetadata',
        SchemaName: 'pp_colour',
        DisplayName: label('Colour'),
        'GlobalOptionSet@odata.bind': `/GlobalOptionSetDefinitions(${id})`,
      },
      'TestSolution',
    );
    expect(column.status).toBe(204);
    const bare = await post(
      "EntityDefinitions(LogicalName='pp_thing')/Attributes",
      {
        '@odata.type': 'Microsoft.Dynamics.CRM.PicklistAttributeMetadata',
        SchemaName: 'pp_other',
        DisplayName: label('Other'),
      },
      'TestSolution',
    );
    expect(bare.status).toBe(400);
  });

  it('creates a lookup with a one-to-many relationship, named by its SchemaName', async () => {
    const answer = await post(
      'RelationshipDefinitions',
      {
        '@odata.type': 'Microsoft.Dynamics.CRM.OneToManyRelationshipMetadata',
        SchemaName: 'pp_account_pp_thing',
        ReferencedEntity: 'account',
        ReferencedAttribute: 'accountid',
        ReferencingEntity: 'pp_thing',
        Lookup: {
          '@odata.type': 'Microsoft.Dynamics.CRM.LookupAttributeMetadata',
          SchemaName: 'pp_accountid',
          DisplayName: label('Account'),
        },
      },
      'TestSolution',
    );
    expect(answer.status).toBe(204);
    const many = await api(
      standIn,
      bearer,
      "EntityDefinitions(LogicalName='pp_thing')/ManyToOneRelationships",
    );
    expect(many.body.value[0]).toMatchObject({
      ReferencedEntity: 'account',
      ReferencingAttribute: 'pp_accountid',
      ReferencingEntityNavigationPropertyName: 'pp_accountid',
    });
  });

  it('turns on change tracking with PUT of the whole definition', async () => {
    const read = await api(standIn, bearer, "EntityDefinitions(LogicalName='contact')");
    const { '@odata.context': _context, ...definition } = read.body as Record<string, unknown>;
    void _context;
    const put = await api(standIn, bearer, `EntityDefinitions(${String(definition.MetadataId)})`, {
      method: 'PUT',
      body: { ...definition, ChangeTrackingEnabled: true },
      headers: { 'MSCRM.MergeLabels': 'true' },
    });
    expect(put.status).toBe(204);
    const after = await api(
      standIn,
      bearer,
      "EntityDefinitions(LogicalName='contact')?$select=ChangeTrackingEnabled",
    );
    expect(after.body.ChangeTrackingEnabled).toBe(true);
  });
});
