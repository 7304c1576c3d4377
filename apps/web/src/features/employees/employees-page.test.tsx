import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { describe, expect, it } from 'vitest';
import { calls, ROUTES } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { anna, ben, SOMMER_ID } from '../../testing/demo-customers.ts';
import { employee } from '../../testing/fake-employees.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { problem, requests, server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const GET_ERROR = 'Die Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.';
const SAVE_ERROR =
  'Ihre Änderungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.';

const list = () => screen.getByRole('table', { name: 'Mitarbeitende' });
const names = () =>
  within(list())
    .getAllByRole('rowheader')
    .map((header) => within(header).getByRole('link').textContent);
const card = (name: string) => within(within(list()).getByRole('link', { name }).closest('tr')!);

/**
 * Opens the person's "Aktionen" menu and picks one of its entries. jsdom lays nothing out, so
 * Mantine may take the menu's button for one scrolled away and hide the open menu: its entries
 * are found hidden too (the e2e specs open it in Chromium).
 */
const menuItem = (name: string) => screen.findByRole('menuitem', { name, hidden: true });
async function choose(name: string, action: string) {
  fireEvent.click(card(name).getByRole('button', { name: `Aktionen für ${name}` }));
  fireEvent.click(await menuItem(action));
}
const loads = () =>
  requests
    .filter(({ url }) => url.pathname.endsWith('/Employee/GetEmployees'))
    .map(({ url }) => Object.fromEntries(url.searchParams));

async function openEmployees(customer = ben, path: string = ROUTES.employees) {
  const portal = fakePortal(customer);
  await renderApp(path);
  await screen.findByRole('link', { name: 'Ben Krause' });
  return portal;
}

describe('/my-practice/employees-overview', () => {
  it('lists the practice’s people with role, status and locations; the viewer is marked', async () => {
    await openEmployees();

    expect(names()).toEqual(['Dr. med. dent. Anna Sommer', 'Ben Krause', 'Clara Wolf']);
    expect(card('Clara Wolf').getByText('Mitglied')).toBeTruthy();
    expect(card('Clara Wolf').getByText('Aktiv')).toBeTruthy();
    expect(card('Clara Wolf').getByRole('cell', { name: 'Standorte: Praxis Mitte' })).toBeTruthy();
    expect(card('Ben Krause').getByText('Sie')).toBeTruthy();
    expect(card('Dr. med. dent. Anna Sommer').getByText('Hauptadministratorin')).toBeTruthy();
    expect(screen.getByText('Personen insgesamt: 3')).toBeTruthy();
    expect(loads()).toEqual([
      { companyId: SOMMER_ID, page: '1', pageSize: '25', sort: 'name', direction: 'asc' },
    ]);
    // An admin may disable a member, but not themself, the superadmin or (not being it) an admin.
    fireEvent.click(card('Clara Wolf').getByRole('button', { name: 'Aktionen für Clara Wolf' }));
    const menu = await screen.findByRole('menu', { name: 'Aktionen für Clara Wolf', hidden: true });
    expect(
      within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual(['Deaktivieren']);
    expect(card('Ben Krause').queryAllByRole('button')).toEqual([]);
    expect(card('Dr. med. dent. Anna Sommer').queryAllByRole('button')).toEqual([]);
    expect(
      card('Clara Wolf').getByRole('link', { name: 'Clara Wolf' }).getAttribute('href'),
    ).toMatch(/information-employee\?customerId=/);
  });

  it('marks who signs in with a second factor, and nothing where it is not known', async () => {
    const portal = fakePortal(ben);
    portal.employees.employees = portal.employees.employees.map((person) =>
      person.customerId === ben.customerId ? person : { ...person, secondFactor: true },
    );
    portal.employees.employees[2] = { ...portal.employees.employees[2]!, secondFactor: null };
    await renderApp(ROUTES.employees);
    await screen.findByRole('link', { name: 'Ben Krause' });

    expect(card('Dr. med. dent. Anna Sommer').getByText('Zweiter Faktor')).toBeTruthy();
    expect(card('Ben Krause').queryByText('Zweiter Faktor')).toBeNull();
    expect(card('Clara Wolf').queryByText('Zweiter Faktor')).toBeNull();
  });

  it('closes the open "Aktionen" menu with Escape even before the focus reached its entries', async () => {
    // A fast keyboard user (and a busy CI machine) pressed Escape while the focus was still on
    // the button: the menu stayed open.
    await openEmployees();
    const button = card('Clara Wolf').getByRole('button', { name: 'Aktionen für Clara Wolf' });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    await screen.findByRole('menu', { name: 'Aktionen für Clara Wolf', hidden: true });
    const opened = card('Clara Wolf').getByRole('button', { name: 'Aktionen für Clara Wolf' });
    expect(opened.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(opened, { key: 'Escape' });
    await waitFor(() => expect(opened.getAttribute('aria-expanded')).toBe('false'));
  });

  it('lets the superadmin disable an admin', async () => {
    await openEmployees(anna);
    fireEvent.click(card('Ben Krause').getByRole('button', { name: 'Aktionen für Ben Krause' }));
    expect(await menuItem('Deaktivieren')).toBeTruthy();
  });

  it('disables after a confirmation that names the person, and enables again', async () => {
    const portal = await openEmployees();
    await choose('Clara Wolf', 'Deaktivieren');

    const dialog = await screen.findByRole('dialog', { name: 'Zugang deaktivieren?' });
    expect(
      within(dialog).getByText(
        'Möchten Sie den Zugang von Clara Wolf zu dieser Praxis deaktivieren?',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));

    expect(await screen.findByText('Der Zugang der Person ist deaktiviert.')).toBeTruthy();
    await waitFor(() => expect(card('Clara Wolf').getByText('Deaktiviert')).toBeTruthy());
    expect(portal.employees.bodies['Employee/DisableEmployee']).toEqual([
      { companyId: SOMMER_ID, customerId: portal.employees.employees[2]!.customerId },
    ]);

    await choose('Clara Wolf', 'Aktivieren');
    await waitFor(() => expect(card('Clara Wolf').getByText('Aktiv')).toBeTruthy());
  });

  it('cancelling the confirmation changes nothing', async () => {
    const portal = await openEmployees();
    await choose('Clara Wolf', 'Deaktivieren');
    const dialog = await screen.findByRole('dialog', { name: 'Zugang deaktivieren?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(portal.employees.bodies['Employee/DisableEmployee']).toBeUndefined();
  });

  it('resends and revokes a pending invitation, showing its dates', async () => {
    const portal = fakePortal(ben);
    portal.employees.employees.push(
      employee({
        customerId: '00000000-0000-4000-8000-000000003099',
        email: 'neu@example.com',
        firstName: null,
        lastName: null,
        salutation: null,
        status: 'invited',
        invitedAt: '2026-11-20T09:00:00.000Z',
        expiresAt: '2099-11-27T09:00:00.000Z',
      }),
    );
    await renderApp(ROUTES.employees);
    await screen.findByRole('link', { name: 'neu@example.com' });
    const item = card('neu@example.com');
    expect(item.getByText('Eingeladen')).toBeTruthy();
    expect(item.getByText('Eingeladen am 20.11.2026, gültig bis 27.11.2099')).toBeTruthy();

    await choose('neu@example.com', 'Einladung erneut senden');
    expect(await screen.findByText('Die Einladung wurde erneut gesendet.')).toBeTruthy();

    await choose('neu@example.com', 'Einladung zurückziehen');
    const dialog = await screen.findByRole('dialog', { name: 'Einladung zurückziehen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Einladung zurückziehen' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'neu@example.com' })).toBeNull());
  });

  it('searches, filters by status and sorts on the server, keeping the view in the URL', async () => {
    await openEmployees();
    fireEvent.change(screen.getByRole('searchbox', { name: /^Suche/ }), {
      target: { value: 'wolf' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(names()).toEqual(['Clara Wolf']));
    expect(screen.getByText('Gefundene Personen: 1')).toBeTruthy();
    expect(window.location.search).toBe('?search=wolf');

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), {
      target: { value: 'disabled' },
    });
    expect(await screen.findByText('Niemand entspricht Ihrer Suche oder Auswahl.')).toBeTruthy();
    expect(loads().at(-1)).toMatchObject({ search: 'wolf', status: 'disabled' });

    fireEvent.click(screen.getByRole('button', { name: 'Alle Personen anzeigen' }));
    await waitFor(() => expect(names()).toHaveLength(3));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sortierung' }), {
      target: { value: 'email-desc' },
    });
    await waitFor(() =>
      expect(names()).toEqual(['Clara Wolf', 'Ben Krause', 'Dr. med. dent. Anna Sommer']),
    );
    expect(window.location.search).toBe('?sort=email&direction=desc');
  });

  it('reads the view from the URL, and pages through many people', async () => {
    const portal = fakePortal(ben);
    portal.employees.employees = Array.from({ length: 12 }, (_, index) =>
      employee({
        customerId: `00000000-0000-4000-8000-0000000040${String(index).padStart(2, '0')}`,
        email: `person${index}@example.com`,
        firstName: 'Person',
        lastName: String(index + 1).padStart(2, '0'),
      }),
    );
    await renderApp(`${ROUTES.employees}?pageSize=10&page=2`);
    expect(await screen.findByRole('link', { name: 'Person 11' })).toBeTruthy();
    expect(screen.getByText('Seite 2 von 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Vorherige Seite' }));
    // The focus goes to the list, not to the page's body (issue 22, point 14).
    expect(document.activeElement).toBe(list());
    expect(await screen.findByRole('link', { name: 'Person 01' })).toBeTruthy();
    expect(window.location.search).toBe('?pageSize=10');
  });

  it('shows GET_ERROR when the list cannot be loaded', async () => {
    fakePortal(ben);
    server.use(onCall(calls.employeeGetEmployees, () => problem(500, 'internal_error')));
    await renderApp(ROUTES.employees);
    expect(await screen.findByText(GET_ERROR)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it('says why an action was refused, in the toast and at the person', async () => {
    await openEmployees();
    await choose('Clara Wolf', 'Deaktivieren');
    const dialog = await screen.findByRole('dialog', { name: 'Zugang deaktivieren?' });
    server.use(onCall(calls.employeeDisableEmployee, () => problem(403, 'forbidden')));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
    expect(
      await card('Clara Wolf').findByText(
        'Ihre Rolle in dieser Praxis erlaubt diese Aktion nicht.',
      ),
    ).toBeTruthy();
    expect(
      screen.getAllByText('Ihre Rolle in dieser Praxis erlaubt diese Aktion nicht.'),
    ).toHaveLength(2);
    expect(screen.queryByText(SAVE_ERROR)).toBeNull();
  });
});
