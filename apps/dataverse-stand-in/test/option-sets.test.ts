import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, PICKLIST_OPTION_SETS, readPicklistRows } from '../src/option-sets.ts';
import { startDataverseStandIn, type DataverseStandIn } from '../src/index.ts';
import { api, token } from './support.ts';

// Global choices (option sets) as the Web API serves their definitions:
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/retrieve-metadata-name-metadataid
// (`GlobalOptionSetDefinitions(Name='…')`), the OptionSetMetadata entity type
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/reference/optionsetmetadata
// (Name, IsGlobal, OptionSetType, Options), OptionMetadata
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/reference/optionmetadata
// (Value; ExternalValue, "the name of a value as it exists in an external source", which holds the
// portal's code; Label with LocalizedLabels per LanguageCode — 1031 German, 1033 English — and
// UserLocalizedLabel), and
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/create-update-optionsets
// (option values start at the publisher's prefix, 100000000 for the default publisher).

let standIn: DataverseStandIn;
let bearer: string;
beforeAll(async () => {
  standIn = await startDataverseStandIn({ demo: false });
  bearer = await token(standIn);
});
afterAll(() => standIn.stop());

interface LocalizedLabel {
  Label: string;
  LanguageCode: number;
}
interface OptionJson {
  Value: number;
  ExternalValue: string | null;
  Label: { LocalizedLabels: LocalizedLabel[]; UserLocalizedLabel: LocalizedLabel };
}

describe('GlobalOptionSetDefinitions', () => {
  it('serves pp_salutation with the codes as ExternalValue and German and English labels', async () => {
    const answer = await api(standIn, bearer, "GlobalOptionSetDefinitions(Name='pp_salutation')");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      '@odata.type': '#Microsoft.Dynamics.CRM.OptionSetMetadata',
      Name: 'pp_salutation',
      IsGlobal: true,
      OptionSetType: 'Picklist',
    });
    const options = answer.body.Options as OptionJson[];
    expect(options.map((o) => [o.Value, o.ExternalValue])).toEqual([
      [100000000, 'HERR'],
      [100000001, 'FRAU'],
      [100000002, 'DIVERS'],
      [100000003, 'KEINE_ANGABE'],
    ]);
    expect(options[0]!.Label.LocalizedLabels).toEqual([
      expect.objectContaining({ Label: 'Herr', LanguageCode: 1031 }),
      expect.objectContaining({ Label: 'Mr', LanguageCode: 1033 }),
    ]);
    expect(options[0]!.Label.UserLocalizedLabel).toMatchObject({ Label: 'Mr', LanguageCode: 1033 });
  });

  it('holds every picklist of the migrations, in sort order, with their labels', async () => {
    const rows = readPicklistRows();
    const answer = await api(standIn, bearer, 'GlobalOptionSetDefinitions');
    expect(answer.status).toBe(200);
    const names = answer.body.value.map((set: { Name: string }) => set.Name).sort();
    expect(names).toEqual(Object.values(PICKLIST_OPTION_SETS).sort());
    for (const [list, name] of Object.entries(PICKLIST_OPTION_SETS)) {
      const set = answer.body.value.find((s: { Name: string }) => s.Name === name);
      const expected = rows
        .filter((row) => row.list === list)
        .sort((a, b) => a.sortOrder - b.sortOrder);
      expect(expected.length).toBeGreaterThan(3);
      expect(
        (set.Options as OptionJson[]).map((o) => [
          o.ExternalValue,
          o.Label.LocalizedLabels.find((l) => l.LanguageCode === 1031)!.Label,
          o.Label.LocalizedLabels.find((l) => l.LanguageCode === 1033)!.Label,
        ]),
      ).toEqual(expected.map((row) => [row.code, row.labelDe, row.labelEn]));
    }
  });

  it('finds an option set by MetadataId, and answers 404 for an unknown name', async () => {
    const byName = await api(standIn, bearer, "GlobalOptionSetDefinitions(Name='pp_position')");
    const byId = await api(
      standIn,
      bearer,
      `GlobalOptionSetDefinitions(${byName.body.MetadataId})`,
    );
    expect(byId.body.Name).toBe('pp_position');
    const cast = await api(
      standIn,
      bearer,
      "GlobalOptionSetDefinitions(Name='pp_position')/Microsoft.Dynamics.CRM.OptionSetMetadata",
    );
    expect(cast.body.Options).toHaveLength(byName.body.Options.length);
    const unknown = await api(standIn, bearer, "GlobalOptionSetDefinitions(Name='pp_nothing')");
    expect(unknown.status).toBe(404);
  });

  it('keeps labels with an apostrophe or umlaut intact', () => {
    const rows = readPicklistRows();
    expect(rows.find((row) => row.code === 'MEDICAL_DIRECTOR')?.labelDe).toBe(
      'Ärztliche Leitung (MVZ)',
    );
  });

  it('reads the only way migrations change picklist_values: INSERT (else this reader must learn it)', () => {
    const files = readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql'));
    for (const file of files) {
      const sql = readFileSync(new URL(file, MIGRATIONS_DIR), 'utf8');
      expect(sql, file).not.toMatch(/(UPDATE|DELETE FROM)\s+"?picklist_values"?/i);
    }
  });
});
