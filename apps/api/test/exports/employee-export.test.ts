import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, EmployeesSchema } from '@pp/contract';
import { auditLog, customers } from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';
import { rowsOfFile } from './read-csv.ts';

const EMAIL = 3;

// Employee/ExportEmployees (issue 27, decision 0083): the list as filtered on screen, for Excel.
describe('the employee export', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  let practiceId: string;
  let token: string;
  let otherEmails: string[];

  /** Names as they may come from the CRM or older data: the api's own checks never saw them. */
  const HOSTILE = [
    '=HYPERLINK("x")',
    '+1+1',
    '-1+1',
    '@SUM(A1)',
    '\tTab',
    '\rCR',
    'Anne "Q"',
    'a;b',
    'Zeile\nZwei',
  ];

  beforeAll(async () => {
    const owner = await createCustomer(db(), { firstName: 'Olga', lastName: 'Zeller' });
    practiceId = (await createPractice(db(), { superadminId: owner.id, name: 'Praxis Export' })).id;
    token = await api.issuer.tokenFor(owner.email);
    for (const [index, lastName] of HOSTILE.entries()) {
      await createCustomer(db(), {
        email: uniqueEmail(`boese${index}`),
        firstName: 'Hostile',
        lastName,
        practices: [{ companyId: practiceId, status: index % 2 ? 'disabled' : 'enabled' }],
      });
    }
    const other = await createPractice(db(), { name: 'Praxis Nachbar' });
    otherEmails = [];
    for (let index = 0; index < 3; index += 1) {
      const person = await createCustomer(db(), {
        email: uniqueEmail('nachbar'),
        practices: [{ companyId: other.id }],
      });
      otherEmails.push(person.email);
    }
  });

  const exported = (query: Record<string, string | undefined> = {}, language = 'de') =>
    api.client.employee.exportEmployees({
      token,
      headers: { 'accept-language': language },
      query: { companyId: practiceId, ...query },
    });

  it('answers a CSV file for German Excel: BOM, semicolons, a German header, an attachment', async () => {
    const answer = await exported();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="mitarbeitende-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...answer.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = rowsOfFile(answer.rawPayload);
    expect(header).toEqual([
      'Titel',
      'Vorname',
      'Nachname',
      'E-Mail-Adresse',
      'Rolle',
      'Status',
      'Standorte',
      'Zweiter Faktor',
      'Eingeladen am',
      'Einladung gültig bis',
    ]);
    expect(rows).toHaveLength(HOSTILE.length + 1);
    expect(answer.rawPayload.toString('utf8').split('\r\n')[0]).toContain('Titel;Vorname;Nachname');
  });

  it('writes the header and the words in English for an English request', async () => {
    const answer = await exported({}, 'en-GB,en;q=0.9');
    const [header, ...rows] = rowsOfFile(answer.rawPayload);
    expect(header?.slice(0, 6)).toEqual([
      'Title',
      'First name',
      'Last name',
      'E-mail address',
      'Role',
      'Status',
    ]);
    expect(answer.headers['content-disposition']).toMatch(/filename="employees-/);
    expect(rows.map((row) => row[4])).toContain('Main administrator');
  });

  it('neutralises formulas and keeps quotes, semicolons and line breaks inside their cells', async () => {
    const [, ...rows] = rowsOfFile((await exported()).rawPayload);
    const lastNames = rows.filter((row) => row[1] === 'Hostile').map((row) => row[2]);
    expect(lastNames.sort()).toEqual(
      [
        '\'=HYPERLINK("x")',
        "'+1+1",
        "'-1+1",
        "'@SUM(A1)",
        "'\tTab",
        "'\rCR",
        'Anne "Q"',
        'a;b',
        'Zeile\nZwei',
      ].sort(),
    );
    for (const row of rows) expect(row).toHaveLength(10);
  });

  it("never contains another practice's people", async () => {
    const text = (await exported()).rawPayload.toString('utf8');
    for (const email of otherEmails) expect(text).not.toContain(email);
  });

  it('applies the filters and the order of the list, without paging', async () => {
    for (const query of [
      { status: 'disabled' },
      { search: 'zeller' },
      { sort: 'email', direction: 'desc' },
      { sort: 'status', direction: 'asc' },
    ] as const) {
      const list = EmployeesSchema.parse(
        (
          await api.client.employee.getEmployees({
            token,
            query: { companyId: practiceId, pageSize: 100, ...query },
          })
        ).json(),
      );
      const [, ...rows] = rowsOfFile((await exported(query)).rawPayload);
      expect(
        rows.map((row) => row[EMAIL]),
        JSON.stringify(query),
      ).toEqual(list.employees.map((employee) => employee.email));
    }
  });

  it('is an audit entry of the practice with the filter and the number of rows', async () => {
    const me = await db().select().from(customers).where(eq(customers.lastName, 'Zeller'));
    await exported({ status: 'enabled' });
    const entries = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.companyId, practiceId), eq(auditLog.action, 'company.employees_exported')),
      );
    expect(entries.at(-1)).toMatchObject({
      actorCustomerId: me[0]?.id,
      entity: 'company',
      entityId: practiceId,
      data: { filter: { status: 'enabled', sort: 'name', direction: 'asc' }, rows: 6 },
    });
  });

  it('makes no file for a HEAD request: nothing recorded', async () => {
    const before = await db().select().from(auditLog).where(eq(auditLog.companyId, practiceId));
    const answer = await api.client.unchecked(calls.employeeExportEmployees, {
      method: 'HEAD',
      token,
      query: { companyId: practiceId },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('');
    const after = await db().select().from(auditLog).where(eq(auditLog.companyId, practiceId));
    expect(after).toHaveLength(before.length);
  });

  it('refuses a page or an unknown filter with field errors, and records nothing', async () => {
    const before = await db().select().from(auditLog).where(eq(auditLog.companyId, practiceId));
    const answer = await api.client.unchecked(calls.employeeExportEmployees, {
      token,
      query: { companyId: practiceId, page: '2', status: 'everyone' },
    });
    expect(answer.statusCode).toBe(400);
    const after = await db().select().from(auditLog).where(eq(auditLog.companyId, practiceId));
    expect(after).toHaveLength(before.length);
  });
});
