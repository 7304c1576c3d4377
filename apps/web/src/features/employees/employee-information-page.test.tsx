import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, ROUTES } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { anna, BEN_ID, ben, CLARA_ID, SOMMER_ID } from '../../testing/demo-customers.ts';
import { employee } from '../../testing/fake-employees.ts';
import { demoLocations } from '../../testing/fake-locations.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { problem, requests, server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { employeeInformationLink } from './employee-links.ts';

const GET_ERROR = 'Die Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.';

const person = () => within(screen.getByRole('region', { name: /^(Clara Wolf|Ben Krause)$/ }));
const detail = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

async function openPerson(customer = ben, customerId = CLARA_ID) {
  const portal = fakePortal(customer);
  await renderApp(employeeInformationLink(customerId));
  await screen.findByRole('heading', {
    level: 2,
    name: customerId === CLARA_ID ? 'Clara Wolf' : 'Ben Krause',
  });
  return portal;
}

describe('/my-practice/employees-overview/information-employee', () => {
  it('shows the person the URL names with data, role, status and locations', async () => {
    await openPerson();
    expect(detail('E-Mail-Adresse')).toBe('clara.wolf@example.com');
    expect(detail('Anrede')).toBe('Frau');
    expect(detail('Titel')).toBe('Nicht angegeben');
    expect(detail('Rolle')).toBe('Mitglied');
    expect(detail('Status')).toBe('Aktiv');
    expect(
      requests
        .filter(({ url }) => url.pathname.endsWith('/Employee/GetEmployee'))
        .map(({ url }) => Object.fromEntries(url.searchParams)),
    ).toEqual([{ companyId: SOMMER_ID, customerId: CLARA_ID }]);
    // An admin: no role changes.
    expect(person().getByRole('button', { name: 'Deaktivieren: Clara Wolf' })).toBeTruthy();
    expect(person().queryByRole('button', { name: /Administration/ })).toBeNull();
    const locations = within(screen.getByRole('form', { name: 'Standorte von Clara Wolf' }));
    expect(await locations.findByRole('checkbox', { name: 'Praxis Mitte' })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('changes the person’s locations', async () => {
    const portal = await openPerson();
    const locations = within(screen.getByRole('form', { name: 'Standorte von Clara Wolf' }));
    await locations.findByRole('checkbox', { name: 'Praxis Prenzlauer Berg' });
    fireEvent.click(locations.getByRole('checkbox', { name: 'Praxis Prenzlauer Berg' }));
    fireEvent.click(locations.getByRole('button', { name: 'Standorte speichern' }));
    expect(await screen.findByText('Ihre Änderungen wurden gespeichert.')).toBeTruthy();
    expect(portal.employees.bodies['Employee/SetEmployeeLocations']).toEqual([
      {
        companyId: SOMMER_ID,
        customerId: CLARA_ID,
        locationIds: [demoLocations[0]!.locationId, demoLocations[1]!.locationId],
      },
    ]);
    await waitFor(() => expect(detail('Standorte')).toBe('Praxis Mitte, Praxis Prenzlauer Berg'));
  });

  it('lets the superadmin make a member admin', async () => {
    const portal = await openPerson(anna);
    fireEvent.click(
      person().getByRole('button', { name: 'Zur Administration ernennen: Clara Wolf' }),
    );
    await waitFor(() => expect(detail('Rolle')).toBe('Administratorin'));
    expect(portal.employees.bodies['Employee/ChangeRole']).toEqual([
      { companyId: SOMMER_ID, customerId: CLARA_ID, role: 'admin' },
    ]);
  });

  it('hands the superadmin role to an admin only after a confirmation naming them', async () => {
    const portal = await openPerson(anna, BEN_ID);
    fireEvent.click(
      person().getByRole('button', { name: 'Hauptadministration übergeben: Ben Krause' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Hauptadministration übergeben?' });
    expect(
      within(dialog).getByText(
        'Möchten Sie die Hauptadministration dieser Praxis an Ben Krause übergeben?',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hauptadministration übergeben' }));
    expect(
      await screen.findByText(
        'Die Hauptadministration wurde übergeben. Ihre Administrationsrechte behalten Sie.',
      ),
    ).toBeTruthy();
    expect(portal.employees.bodies['Employee/TransferSuperadmin']).toEqual([
      { companyId: SOMMER_ID, customerId: BEN_ID },
    ]);
    await waitFor(() => expect(detail('Rolle')).toBe('Hauptadministrator'));
  });

  it('revokes a pending invitation after a confirmation and goes back to the list', async () => {
    const portal = fakePortal(ben);
    const invitee = employee({
      customerId: '00000000-0000-4000-8000-000000003099',
      email: 'neu@example.com',
      firstName: null,
      lastName: null,
      status: 'invited',
      invitedAt: '2026-11-20T09:00:00.000Z',
      expiresAt: '2099-11-27T09:00:00.000Z',
    });
    portal.employees.employees.push(invitee);
    await renderApp(employeeInformationLink(invitee.customerId));
    await screen.findByRole('heading', { level: 2, name: 'neu@example.com' });
    expect(detail('Einladung gültig bis')).toBe('27.11.2099');
    fireEvent.click(
      screen.getByRole('button', { name: 'Einladung zurückziehen: neu@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Einladung zurückziehen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Einladung zurückziehen' }));
    expect(await screen.findByText('Die Einladung wurde zurückgezogen.')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe(ROUTES.employees));
    expect(await screen.findByRole('link', { name: 'Ben Krause' })).toBeTruthy();
    expect(screen.queryByText(GET_ERROR)).toBeNull();
  });

  it('offers the viewer no action on themself', async () => {
    await openPerson(ben, BEN_ID);
    expect(person().queryAllByRole('button')).toEqual([]);
  });

  it('says when no person is named, and loads nothing', async () => {
    fakePortal(ben);
    await renderApp(ROUTES.employeeInformation);
    expect(await screen.findByText('Es ist keine Person ausgewählt.')).toBeTruthy();
    expect(requests.filter(({ url }) => url.pathname.endsWith('/Employee/GetEmployee'))).toEqual(
      [],
    );
  });

  it('says an unknown person is not in the practice', async () => {
    fakePortal(ben);
    await renderApp(employeeInformationLink('00000000-0000-4000-8000-000000009999'));
    expect(
      await screen.findByText('Diese Person gehört nicht (mehr) zu Ihrer Praxis.'),
    ).toBeTruthy();
  });

  it('shows GET_ERROR when the person cannot be loaded', async () => {
    fakePortal(ben);
    server.use(onCall(calls.employeeGetEmployee, () => problem(500, 'internal_error')));
    await renderApp(employeeInformationLink(CLARA_ID));
    // The toast, and a notice with a retry where the person would show.
    expect(await screen.findByText(GET_ERROR)).toBeTruthy();
    const retry = await screen.findByRole('button', { name: 'Erneut versuchen' });
    expect(retry.closest('[role="alert"]')?.textContent).toContain(GET_ERROR);
  });
});
