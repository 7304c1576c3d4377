import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { calls, ROUTES, type ActivityEntry, type ActivityLog } from '@pp/contract';
import { onCall } from '../../../testing/call-handler.ts';
import { ANNA_ID, anna, ben, CLARA_ID, clara, SOMMER_ID } from '../../../testing/demo-customers.ts';
import { fakePortal } from '../../../testing/fake-portal.ts';
import { requests, server } from '../../../testing/portal-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const roleChange: ActivityEntry = {
  id: 2,
  // 27.11.2026 10:05 in Berlin (UTC+1).
  at: '2026-11-27T09:05:00.000Z',
  kind: 'roles',
  action: 'employee.role_changed',
  actor: { customerId: ANNA_ID, name: 'Anna Sommer', deleted: false },
  target: {
    type: 'person',
    id: CLARA_ID,
    name: null,
    person: { customerId: CLARA_ID, name: 'Clara Wolf', deleted: false },
  },
  changes: [{ field: 'role', from: 'member', to: 'admin' }],
  details: [],
};
const deletedAccount: ActivityEntry = {
  id: 1,
  at: '2026-11-26T23:30:00.000Z',
  kind: 'practice',
  action: 'company.updated',
  actor: { customerId: null, name: null, deleted: true },
  target: { type: 'practice', id: SOMMER_ID, name: 'Zahnarztpraxis Dr. Sommer', person: null },
  changes: [{ field: 'phone', from: null, to: '+49 30 1111111' }],
  details: [],
};
const invitation: ActivityEntry = {
  id: 5,
  at: '2026-11-27T11:00:00.000Z',
  kind: 'invitations',
  action: 'employee.invited',
  actor: { customerId: ANNA_ID, name: 'Anna Sommer', deleted: false },
  target: {
    type: 'person',
    id: CLARA_ID,
    name: null,
    person: { customerId: CLARA_ID, name: 'Clara Wolf', deleted: false },
  },
  changes: [],
  details: [{ field: 'role', value: 'member' }],
};
const locationAdded: ActivityEntry = {
  id: 4,
  at: '2026-11-27T10:30:00.000Z',
  kind: 'locations',
  action: 'location.created',
  actor: { customerId: ANNA_ID, name: 'Anna Sommer', deleted: false },
  target: { type: 'location', id: SOMMER_ID, name: 'Filiale Nord', person: null },
  changes: [],
  details: [
    { field: 'street', value: 'Nordweg 5' },
    { field: 'postalCode', value: '13353' },
    { field: 'city', value: 'Berlin' },
    { field: 'country', value: 'DE' },
  ],
};
const accountDeleted: ActivityEntry = {
  id: 3,
  at: '2026-11-27T10:00:00.000Z',
  kind: 'people',
  action: 'employee.account_deleted',
  actor: { customerId: null, name: null, deleted: true },
  target: {
    type: 'person',
    id: null,
    name: null,
    person: { customerId: null, name: null, deleted: true },
  },
  changes: [],
  details: [],
};

function fakeLog(entries: ActivityEntry[]) {
  server.use(
    onCall(calls.companyGetActivityLog, () =>
      HttpResponse.json({
        entries,
        total: entries.length,
        page: 1,
        pageSize: 25,
        people: [
          { customerId: ANNA_ID, name: 'Anna Sommer' },
          { customerId: CLARA_ID, name: 'Clara Wolf' },
        ],
      } satisfies ActivityLog),
    ),
  );
}

const loads = () =>
  requests
    .filter(({ url }) => url.pathname.endsWith('/Company/GetActivityLog'))
    .map(({ url }) => Object.fromEntries(url.searchParams));

describe('/my-practice/activity', () => {
  it('shows who changed what, when (German time) and old → new; a deleted account as such', async () => {
    fakePortal(ben);
    fakeLog([roleChange, deletedAccount]);
    await renderApp(ROUTES.activity);
    const table = await screen.findByRole('table', { name: 'Einträge des Aktivitätsprotokolls' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        '27.11.2026 10:05',
        'Anna Sommer',
        'Rolle geändert',
        'Clara Wolf',
        'Rolle: Mitglied → Administrator/-in',
      ],
      [
        '27.11.2026 00:30',
        'Ehemaliges Mitglied',
        'Praxisdaten geändert',
        'Praxis: Zahnarztpraxis Dr. Sommer',
        'Telefon: leer → +49 30 1111111',
      ],
    ]);
    expect(screen.getByText('Einträge: 2')).toBeTruthy();
  });

  // Issue 43 point 7: "Rolle: leer → Mitglied", a location without its address, and
  // "Gelöschtes Konto · Konto gelöscht · Gelöschtes Konto".
  it.each([
    {
      language: 'de' as const,
      table: 'Einträge des Aktivitätsprotokolls',
      rows: [
        ['27.11.2026 12:00', 'Anna Sommer', 'Einladung gesendet', 'Clara Wolf', 'Rolle: Mitglied'],
        [
          '27.11.2026 11:30',
          'Anna Sommer',
          'Standort hinzugefügt',
          'Standort: Filiale Nord',
          'Straße: Nordweg 5Postleitzahl: 13353Ort: BerlinLand: Deutschland',
        ],
        [
          '27.11.2026 11:00',
          'Ehemaliges Mitglied',
          'Hat die Praxis verlassen (Konto gelöscht)',
          '',
          '',
        ],
      ],
    },
    {
      language: 'en' as const,
      table: 'Entries of the activity log',
      rows: [
        ['27.11.2026 12:00', 'Anna Sommer', 'Invitation sent', 'Clara Wolf', 'Role: Member'],
        [
          '27.11.2026 11:30',
          'Anna Sommer',
          'Location added',
          'Location: Filiale Nord',
          'Street: Nordweg 5Postal code: 13353City: BerlinCountry: Germany',
        ],
        ['27.11.2026 11:00', 'Former member', 'Left the practice (account deleted)', '', ''],
      ],
    },
  ])('says what an entry records without a change, and who left ($language)', async (text) => {
    fakePortal({ ...ben, preferredLanguage: text.language });
    fakeLog([invitation, locationAdded, accountDeleted]);
    await renderApp(ROUTES.activity);
    const table = await screen.findByRole('table', { name: text.table });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual(text.rows);
    expect(table.textContent).not.toMatch(/leer →|empty →/);
  });

  it('keeps the person and kind filters in the URL and asks the api for them', async () => {
    fakePortal(ben);
    fakeLog([roleChange]);
    await renderApp(`${ROUTES.activity}?kind=roles`);
    await screen.findByRole('table', { name: 'Einträge des Aktivitätsprotokolls' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Person' }), {
      target: { value: CLARA_ID },
    });
    await waitFor(() =>
      expect(loads().at(-1)).toEqual({
        companyId: SOMMER_ID,
        page: '1',
        pageSize: '25',
        customerId: CLARA_ID,
        kind: 'roles',
      }),
    );
    expect(window.location.search).toContain(`customerId=${CLARA_ID}`);
  });

  it('names a date that is none at its field and does not ask the api', async () => {
    fakePortal(ben);
    fakeLog([roleChange]);
    await renderApp(ROUTES.activity);
    await screen.findByRole('table', { name: 'Einträge des Aktivitätsprotokolls' });
    const before = loads().length;
    fireEvent.change(screen.getByRole('textbox', { name: 'Von (TT.MM.JJJJ)' }), {
      target: { value: '31.02.2026' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Zeitraum anwenden' }));
    expect(
      await screen.findByText('Bitte geben Sie ein Datum im Format TT.MM.JJJJ ein.'),
    ).toBeTruthy();
    expect(loads()).toHaveLength(before);
  });

  it('is linked from My practice for admins only', async () => {
    fakePortal(anna);
    await renderApp(ROUTES.myPractice);
    expect(
      (await screen.findByRole('link', { name: 'Aktivitätsprotokoll ansehen' })).getAttribute(
        'href',
      ),
    ).toBe(ROUTES.activity);
  });

  it('is not linked for a member', async () => {
    fakePortal(clara);
    await renderApp(ROUTES.myPractice);
    await screen.findByRole('region', { name: 'Aktive Praxis' });
    expect(screen.queryByRole('link', { name: 'Aktivitätsprotokoll ansehen' })).toBeNull();
  });

  it('is refused to a member, who sees the dashboard', async () => {
    fakePortal(clara);
    fakeLog([roleChange]);
    await renderApp(ROUTES.activity);
    expect(
      await screen.findByText(
        'Sie haben keinen Zugriff auf diese Seite. Wir haben Sie zur Übersicht geleitet.',
      ),
    ).toBeTruthy();
    expect(loads()).toEqual([]);
  });
});
