import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ActivityCsvSchema, ActivityLogSchema, calls, type ActivityQuery } from '@pp/contract';
import { auditLog, customers } from '../../src/db/schema.ts';
import { FILTER_ENTRIES } from '../../src/lib/activity/activity-log.ts';
import { expectIndistinguishable } from '../support/compare.ts';
import { useApi } from '../support/context.ts';
import { customerIdOf, demo, demoPracticeIds, type DemoPractice } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { createCustomer, createPractice } from '../support/factories.ts';

describe('the activity log of a practice (issue 27, decision 0082)', () => {
  const api = useApi();
  let practices: Record<DemoPractice, string>;
  let ids: Record<keyof typeof demo, string>;
  const token = (who: keyof typeof demo) => api.issuer.tokenFor(demo[who]);
  const log = async (who: keyof typeof demo, query: Partial<ActivityQuery> = {}) => {
    const answer = await api.client.company.getActivityLog({
      token: await token(who),
      query: { companyId: practices.sommer, ...query },
    });
    expect(answer.statusCode).toBe(200);
    return ActivityLogSchema.parse(answer.json());
  };

  beforeAll(async () => {
    const db = api.db.database.db;
    practices = await demoPracticeIds(db);
    ids = {
      anna: await customerIdOf(db, demo.anna),
      ben: await customerIdOf(db, demo.ben),
      clara: await customerIdOf(db, demo.clara),
      david: await customerIdOf(db, demo.david),
    };
    // Anna makes Clara an admin, Ben changes the practice's phone, David his own practice's.
    expect(
      (
        await api.client.employee.changeRole({
          token: await token('anna'),
          body: { companyId: practices.sommer, customerId: ids.clara, role: 'admin' },
        })
      ).statusCode,
    ).toBe(200);
    for (const [who, practice, phone] of [
      ['ben', practices.sommer, '+49 30 1111111'],
      ['david', practices.markt, '+49 40 9999999'],
    ] as const) {
      const answer = await api.client.company.updateCompany({
        token: await token(who),
        body: { companyId: practice, phone },
      });
      expect(answer.statusCode).toBe(200);
    }
  });

  it('shows the role change with who, to whom and old → new, newest first', async () => {
    const { entries, total } = await log('ben');
    expect(total).toBe(entries.length);
    const roleChange = entries.find((entry) => entry.action === 'employee.role_changed');
    expect(roleChange).toMatchObject({
      kind: 'roles',
      actor: { customerId: ids.anna, name: 'Anna Sommer', deleted: false },
      target: { type: 'person', id: ids.clara, person: { customerId: ids.clara, deleted: false } },
      changes: [{ field: 'role', from: 'member', to: 'admin' }],
    });
    const phone = entries.find((entry) => entry.action === 'company.updated');
    expect(phone).toMatchObject({
      kind: 'practice',
      actor: { customerId: ids.ben },
      target: { type: 'practice', id: practices.sommer },
      changes: [{ field: 'phone', to: '+49 30 1111111' }],
    });
    const times = entries.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(entries.indexOf(phone!)).toBeLessThan(entries.indexOf(roleChange!));
  });

  it("never shows another practice's entries, names or values", async () => {
    const answer = await api.client.company.getActivityLog({
      token: await token('anna'),
      query: { companyId: practices.sommer, pageSize: 100 },
    });
    const { entries, people } = ActivityLogSchema.parse(answer.json());
    const ours = await api.db.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.companyId, practices.sommer));
    const ourIds = new Set(ours.map((row) => row.id));
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(ourIds.has(entry.id)).toBe(true);
    expect(answer.body).not.toContain('+49 40 9999999');
    expect(answer.body).not.toContain(practices.markt);
    expect(people.map((person) => person.customerId)).not.toContain(ids.david);
    // And David's log holds his practice's change, none of Sommer's.
    const markt = await api.client.company.getActivityLog({
      token: await token('david'),
      query: { companyId: practices.markt },
    });
    expect(markt.body).toContain('+49 40 9999999');
    expect(markt.body).not.toContain('+49 30 1111111');
    expect(markt.body).not.toContain(ids.clara);
  });

  it('filters by person (who acted or to whom), kind and days', async () => {
    const clara = await log('ben', { customerId: ids.clara });
    expect(clara.entries.length).toBeGreaterThan(0);
    for (const entry of clara.entries) {
      expect([entry.actor?.customerId, entry.target.id]).toContain(ids.clara);
    }
    expect(clara.entries.map((entry) => entry.action)).toContain('employee.role_changed');
    const roles = await log('ben', { kind: 'roles' });
    expect(roles.entries.map((entry) => entry.kind)).toEqual(roles.entries.map(() => 'roles'));
    expect(roles.total).toBeGreaterThan(0);
    const none = await log('ben', { customerId: ids.clara, kind: 'practice' });
    expect(none).toMatchObject({ total: 0, entries: [] });
    // The people of the filter are the log's, by their current names.
    const { people } = await log('ben');
    expect(people).toContainEqual({ customerId: ids.clara, name: 'Clara Wolf' });
  });

  it('names a person filtered by only when the practice knows them (issue 41)', async () => {
    const db = api.db.database.db;
    const stranger = await createCustomer(db, {
      firstName: 'Fremde',
      lastName: 'Person',
      practices: [{ companyId: practices.markt }],
    });
    const answer = await api.client.company.getActivityLog({
      token: await token('ben'),
      query: { companyId: practices.sommer, customerId: stranger.id },
    });
    const { entries, total, people } = ActivityLogSchema.parse(answer.json());
    expect({ entries, total }).toEqual({ entries: [], total: 0 });
    expect(people.map((person) => person.customerId)).not.toContain(stranger.id);
    expect(answer.body).not.toContain('Fremde');
    expect(answer.body).not.toContain(stranger.email);
    // The export names only the people of the entries it holds: none.
    const file = ActivityCsvSchema.parse(
      (
        await api.client.company.exportActivityLog({
          token: await token('ben'),
          body: { companyId: practices.sommer, customerId: stranger.id },
        })
      ).json(),
    );
    expect(file.rows).toBe(0);
    expect(file.content).not.toContain('Fremde');
    // A member the log does not name yet is offered: the practice's memberships name them.
    const quiet = await createCustomer(db, {
      firstName: 'Stille',
      lastName: 'Kollegin',
      practices: [{ companyId: practices.sommer }],
    });
    expect((await log('ben', { customerId: quiet.id })).people).toContainEqual({
      customerId: quiet.id,
      name: 'Stille Kollegin',
    });
  });

  it('counts days in German time', async () => {
    const db = api.db.database.db;
    // 01.03.2026 23:30 UTC is 02.03.2026 00:30 in Berlin.
    await db.insert(auditLog).values({
      at: new Date('2026-03-01T23:30:00Z'),
      actorCustomerId: ids.anna,
      action: 'location.created',
      entity: 'location',
      entityId: randomUUID(),
      companyId: practices.sommer,
    });
    const onSecond = await log('ben', { from: '2026-03-02', to: '2026-03-02' });
    expect(onSecond.entries.map((entry) => entry.at)).toEqual(['2026-03-01T23:30:00.000Z']);
    const onFirst = await log('ben', { from: '2026-03-01', to: '2026-03-01' });
    expect(onFirst.total).toBe(0);
  });

  it('shows a deleted account as such, without its pseudonym', async () => {
    const pseudonym = randomUUID();
    await api.db.database.db.insert(auditLog).values({
      actorCustomerId: pseudonym,
      action: 'employee.account_deleted',
      entity: 'membership',
      entityId: pseudonym,
      companyId: practices.sommer,
    });
    const { entries } = await log('ben', { kind: 'people' });
    const deleted = entries.find((entry) => entry.action === 'employee.account_deleted');
    expect(deleted).toMatchObject({
      actor: { customerId: null, name: null, deleted: true },
      target: { type: 'person', id: null, person: { customerId: null, deleted: true } },
    });
    expect(JSON.stringify(entries)).not.toContain(pseudonym);
  });

  // Issue 43 point 7: "Zeilen: leer → 3", "Rolle: leer → Mitglied", a location without address,
  // "Gelöschtes Konto · Konto gelöscht · Gelöschtes Konto".
  it('records what changes nothing as details, and a new location with its address', async () => {
    const invited = await api.client.employee.inviteEmployee({
      token: await token('ben'),
      body: { companyId: practices.sommer, email: `neu-${randomUUID()}@example.com` },
    });
    expect(invited.statusCode).toBe(202);
    const added = await api.client.location.createLocation({
      token: await token('ben'),
      body: {
        companyId: practices.sommer,
        name: 'Filiale Nord',
        street: 'Nordweg 5',
        postalCode: '13353',
        city: 'Berlin',
        phoneNumber: '+49 30 5555555',
      },
    });
    expect(added.statusCode).toBe(201);
    const { entries } = await log('ben');
    expect(entries.find((e) => e.action === 'employee.invited')).toMatchObject({
      changes: [],
      details: [{ field: 'role', value: 'member' }],
    });
    expect(entries.find((e) => e.action === 'location.created')).toMatchObject({
      target: { type: 'location', name: 'Filiale Nord' },
      changes: [],
      details: [
        { field: 'name', value: 'Filiale Nord' },
        { field: 'street', value: 'Nordweg 5' },
        { field: 'postalCode', value: '13353' },
        { field: 'city', value: 'Berlin' },
        { field: 'country', value: 'DE' },
        { field: 'phoneNumber', value: '+49 30 5555555' },
      ],
    });
    for (const [language, lines] of [
      [
        'de',
        [
          ';Ben Krause;Einladungen;Einladung gesendet;',
          ';Rolle: Mitglied',
          ';Standorte;Standort hinzugefügt;Standort: Filiale Nord;Name: Filiale Nord, Straße: Nordweg 5, Postleitzahl: 13353, Ort: Berlin, Land: Deutschland, Telefon: +49 30 5555555',
          ';Ehemaliges Mitglied;Mitarbeitende;Hat die Praxis verlassen (Konto gelöscht);;',
        ],
      ],
      [
        'en',
        [
          ';Role: Member',
          'Country: Germany',
          ';Former member;Employees;Left the practice (account deleted);;',
        ],
      ],
    ] as const) {
      const file = ActivityCsvSchema.parse(
        (
          await api.client.company.exportActivityLog({
            token: await token('ben'),
            body: { companyId: practices.sommer, language },
          })
        ).json(),
      );
      for (const line of lines) expect(file.content).toContain(line);
      expect(file.content).not.toMatch(/leer → |empty → /);
    }
  });

  it('shows a name changed since as it is now', async () => {
    await api.db.database.db
      .update(customers)
      .set({ lastName: 'Wolf-Neu' })
      .where(eq(customers.id, ids.clara));
    const { entries } = await log('ben', { kind: 'roles' });
    expect(entries[0]?.target.person?.name).toBe('Clara Wolf-Neu');
    await api.db.database.db
      .update(customers)
      .set({ lastName: 'Wolf' })
      .where(eq(customers.id, ids.clara));
  });

  it('refuses members (403) and answers another practice like a random id (404)', async () => {
    const member = await api.client.company.getActivityLog({
      token: await api.issuer.tokenFor(demo.clara),
      query: { companyId: practices.markt },
    });
    // Anna is a member of Markt.
    expectProblem(
      await api.client.company.getActivityLog({
        token: await token('anna'),
        query: { companyId: practices.markt },
      }),
      403,
      'forbidden',
    );
    expectIndistinguishable(
      member,
      await api.client.company.getActivityLog({
        token: await token('clara'),
        query: { companyId: randomUUID() },
      }),
    );
    expectProblem(
      await api.client.company.exportActivityLog({
        token: await token('anna'),
        body: { companyId: practices.markt },
      }),
      403,
      'forbidden',
    );
  });

  it.each([
    ['kind', { kind: 'everything' }, 'query.kind'],
    ['a German date', { from: '31.12.2026' }, 'query.from'],
    ['an impossible date', { to: '2026-02-31' }, 'query.to'],
    ['a range backwards', { from: '2026-05-02', to: '2026-05-01' }, 'query.to'],
    ['a person that is no id', { customerId: 'anna' }, 'query.customerId'],
    ['a page size', { pageSize: '7' }, 'query.pageSize'],
    ['an unknown filter', { action: 'employee.role_changed' }, 'query.action'],
  ])('answers 400 with field errors for %s', async (_name, filters, field) => {
    const answer = await api.client.unchecked(calls.companyGetActivityLog, {
      token: await token('ben'),
      query: { companyId: practices.sommer, ...filters },
    });
    const problem = expectProblem(answer, 400, 'validation_failed');
    expect(problem.errors?.map((error) => error.field)).toContain(field);
  });

  it('has no call that changes or deletes an entry', async () => {
    const paths = Object.values(calls).map((call) => `${call.method} ${call.path}`);
    expect(paths.filter((path) => /activity/i.test(path)).sort()).toEqual([
      'GET /Company/GetActivityLog',
      'POST /Company/ExportActivityLog',
    ]);
    for (const method of ['DELETE', 'PATCH', 'PUT', 'POST'] as const) {
      const answer = await api.client.unchecked(calls.companyGetActivityLog, {
        method,
        token: await token('anna'),
        query: { companyId: practices.sommer },
      });
      expect(answer.statusCode).toBe(404);
    }
  });

  it('exports the filtered view as CSV for Excel, and the export is an entry itself', async () => {
    const before = await log('ben', { kind: 'exports' });
    const answer = await api.client.company.exportActivityLog({
      token: await token('ben'),
      body: { companyId: practices.sommer, customerId: ids.clara, language: 'en' },
    });
    expect(answer.statusCode).toBe(200);
    const file = ActivityCsvSchema.parse(answer.json());
    expect(file.fileName).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.content.startsWith('\uFEFFTime;Who;Kind;What;Concerning;Changes\r\n')).toBe(true);
    const lines = file.content.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(file.rows + 1);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2};Anna Sommer;Roles;Role changed;Clara Wolf;Role: Member → Administrator$/,
      ),
    );
    // Only Clara's entries: Ben's phone change is not in it.
    expect(file.content).not.toContain('+49 30 1111111');
    const after = await log('ben', { kind: 'exports' });
    expect(after.total).toBe(before.total + 1);
    expect(after.entries[0]).toMatchObject({
      action: 'company.activity_exported',
      actor: { customerId: ids.ben },
      changes: [],
      details: [{ field: 'rows', value: file.rows }],
    });
    // German header by the caller's language; a bad filter stores nothing.
    const german = ActivityCsvSchema.parse(
      (
        await api.client.company.exportActivityLog({
          token: await token('ben'),
          body: { companyId: practices.sommer },
        })
      ).json(),
    );
    expect(german.content.startsWith('\uFEFFZeit;Wer;Art;Was;Betroffen;Änderungen\r\n')).toBe(true);
    const refused = await api.client.unchecked(calls.companyExportActivityLog, {
      token: await token('ben'),
      body: { companyId: practices.sommer, from: '2026-05-02', to: '2026-05-01' },
    });
    expectProblem(refused, 400, 'validation_failed');
    expect((await log('ben', { kind: 'exports' })).total).toBe(before.total + 2);
  });

  it('neutralises a name that Excel would take for a formula', async () => {
    const db = api.db.database.db;
    await db
      .update(customers)
      .set({ firstName: '=HYPERLINK("x")' })
      .where(eq(customers.id, ids.clara));
    const file = ActivityCsvSchema.parse(
      (
        await api.client.company.exportActivityLog({
          token: await token('ben'),
          body: { companyId: practices.sommer, kind: 'roles', language: 'de' },
        })
      ).json(),
    );
    await db.update(customers).set({ firstName: 'Clara' }).where(eq(customers.id, ids.clara));
    expect(file.content).toContain(';"\'=HYPERLINK(""x"") Wolf";');
    expect(file.content).not.toMatch(/;=HYPERLINK/);
  });
  it('offers the people of the newest 1,000 entries, and keeps an older one filtered by', async () => {
    // Issue 46: a practice's whole log is not read for the filter's list, only its newest
    // entries; a person named only before them is still reached by a link and then offered.
    const db = api.db.database.db;
    const admin = await createCustomer(db, { firstName: 'Neue', lastName: 'Leitung' });
    const practice = await createPractice(db, { superadminId: admin.id });
    const earlier = await createCustomer(db, {
      firstName: 'Frühere',
      lastName: 'Kollegin',
      practices: [{ companyId: practice.id }],
    });
    // Named by an old entry only, no member any more.
    const gone = await createCustomer(db, { firstName: 'Ausgetretene', lastName: 'Person' });
    const entry = (actor: string, at: Date) => ({
      at,
      actorCustomerId: actor,
      action: 'company.updated',
      entity: 'company',
      entityId: practice.id,
      companyId: practice.id,
    });
    await db
      .insert(auditLog)
      .values([
        entry(earlier.id, new Date('2026-01-01T08:00:00Z')),
        entry(gone.id, new Date('2026-01-01T09:00:00Z')),
      ]);
    await db
      .insert(auditLog)
      .values(
        Array.from({ length: FILTER_ENTRIES }, (_, i) =>
          entry(admin.id, new Date(Date.UTC(2026, 1, 1) + i * 60_000)),
        ),
      );
    const read = async (query: Partial<ActivityQuery> = {}) => {
      const answer = await api.client.company.getActivityLog({
        token: await api.issuer.tokenFor(admin.email),
        query: { companyId: practice.id, ...query },
      });
      expect(answer.statusCode).toBe(200);
      return ActivityLogSchema.parse(answer.json());
    };
    const all = await read();
    expect(all.total).toBe(FILTER_ENTRIES + 2);
    expect(all.people).toEqual([{ customerId: admin.id, name: 'Neue Leitung' }]);
    for (const [person, name] of [
      [earlier.id, 'Frühere Kollegin'],
      [gone.id, 'Ausgetretene Person'],
    ] as const) {
      const filtered = await read({ customerId: person });
      expect(filtered.total).toBe(1);
      expect(filtered.entries[0]?.actor).toMatchObject({ customerId: person, name });
      expect(filtered.people).toEqual([
        { customerId: person, name },
        { customerId: admin.id, name: 'Neue Leitung' },
      ]);
    }
  });
});
