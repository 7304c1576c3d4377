import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocationsSchema } from '@pp/contract';
import { auditLog, locationAssignments, locations } from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';
import { createCustomer, createPractice } from '../support/factories.ts';
import { excelShows, rowsOfFile } from './read-csv.ts';

// Location/ExportLocations (issue 27, decision 0083): the list as filtered on screen, for Excel.
describe('the location export', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  let practiceId: string;
  let memberId: string;
  let memberToken: string;
  let adminToken: string;

  /** Names and numbers as they may come from the CRM or older data. */
  const PLACES = [
    ['=1+2', 'Köln', '+49 221 123456'],
    ['Praxis "Am Dom"', 'Köln', null],
    ['Süd; Filiale', 'München', '-12'],
    ['@Nord', 'Hamburg', null],
    ['Ärztehaus Mitte', 'Berlin', null],
  ] as const;

  beforeAll(async () => {
    const admin = await createCustomer(db(), { lastName: 'Admin' });
    practiceId = (await createPractice(db(), { superadminId: admin.id })).id;
    adminToken = await api.issuer.tokenFor(admin.email);
    const member = await createCustomer(db(), { practices: [{ companyId: practiceId }] });
    memberId = member.id;
    memberToken = await api.issuer.tokenFor(member.email);
    for (const [name, city, phoneNumber] of PLACES) {
      const [row] = await db()
        .insert(locations)
        .values({
          companyId: practiceId,
          name,
          street: 'Weg 1',
          postalCode: '50667',
          city,
          phoneNumber,
        })
        .returning();
      if (row && city === 'Köln') {
        await db()
          .insert(locationAssignments)
          .values({ locationId: row.id, customerId: memberId, companyId: practiceId });
      }
    }
    const other = await createPractice(db());
    await db().insert(locations).values({
      companyId: other.id,
      name: 'Fremder Standort',
      street: 'Weg 9',
      postalCode: '10115',
      city: 'Köln',
    });
  });

  const exported = (
    token: string,
    query: Record<string, string | undefined> = {},
    language = 'de',
  ) =>
    api.client.location.exportLocations({
      token,
      headers: { 'accept-language': language },
      query: { parentId: practiceId, contactId: memberId, ...query },
    });

  it('a member exports the locations with their own assignments marked, for German Excel', async () => {
    const answer = await exported(memberToken);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="standorte-/);
    const [header, ...rows] = rowsOfFile(answer.rawPayload);
    expect(header).toEqual([
      'Name',
      'Straße',
      'Postleitzahl',
      'Ort',
      'Land',
      'Telefon',
      'Rechnungen an',
      'Status',
      'Zugeordnet',
    ]);
    expect(rows.map((row) => [row[0], row[5], row[8]])).toEqual([
      ["'=1+2", '="+49 221 123456"', 'Ja'],
      ["'@Nord", '', 'Nein'],
      ['Ärztehaus Mitte', '', 'Nein'],
      ['Praxis "Am Dom"', '', 'Ja'],
      ['Süd; Filiale', "'-12", 'Nein'],
    ]);
  });

  // Issue 43 point 10: German Excel showed `'+49 221 123456` and the code `DE`.
  it('writes a phone number as text without an apostrophe and the country by name', async () => {
    const german = await exported(adminToken, { search: 'köln' });
    const text = german.rawPayload.toString('utf8');
    expect(text).toContain(';"=""+49 221 123456""";');
    expect(text).not.toContain("'+49");
    const [header, ...rows] = rowsOfFile(german.rawPayload);
    const shown = (row: string[]) => row.map(excelShows);
    expect(header?.[4]).toBe('Land');
    expect(rows.map(shown).map((row) => [row[0], row[4], row[5]])).toEqual([
      ["'=1+2", 'Deutschland', '+49 221 123456'],
      ['Praxis "Am Dom"', 'Deutschland', ''],
    ]);
    const english = rowsOfFile((await exported(adminToken, { search: 'köln' }, 'en')).rawPayload);
    expect(english.slice(1).map((row) => row[4])).toEqual(['Germany', 'Germany']);
  });

  it("in English, and never with another practice's locations", async () => {
    const answer = await exported(adminToken, {}, 'en');
    const text = answer.rawPayload.toString('utf8');
    expect(text).not.toContain('Fremder Standort');
    expect(rowsOfFile(answer.rawPayload)[0]).toContain('Postcode');
  });

  it('applies the search and the order of the list, without paging', async () => {
    for (const query of [{ search: 'köln' }, { sort: 'city', direction: 'desc' }] as const) {
      const list = LocationsSchema.parse(
        (
          await api.client.location.getLocations({
            token: adminToken,
            query: { parentId: practiceId, contactId: memberId, pageSize: 100, ...query },
          })
        ).json(),
      );
      const [, ...rows] = rowsOfFile((await exported(adminToken, query)).rawPayload);
      expect(rows.map((row) => row[0]?.replace(/^'/, ''))).toEqual(
        list.locationListObjectVms.map((location) => location.name),
      );
    }
  });

  it('is an audit entry of the practice with the filter and the number of rows', async () => {
    await exported(adminToken, { search: 'köln' });
    const entries = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.companyId, practiceId), eq(auditLog.action, 'company.locations_exported')),
      );
    expect(entries.at(-1)).toMatchObject({
      entity: 'company',
      entityId: practiceId,
      data: { filter: { search: 'köln', contactId: memberId }, rows: 2 },
    });
  });
});
