import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { describe, expect, it, vi } from 'vitest';
import { calls, ROUTES } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { anna, ben, SOMMER_ID } from '../../testing/demo-customers.ts';
import { demoLocations } from '../../testing/fake-locations.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { problem, server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const SAVE_ERROR =
  'Ihre Änderungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.';

const ALIAS_ERROR =
  'Bitte geben Sie die persönliche E-Mail-Adresse der Person ein, kein gemeinsames Postfach wie info@ oder praxis@.';

const form = () => within(screen.getByRole('form', { name: 'Person einladen' }));
const email = () => form().getByRole('textbox', { name: /^E-Mail-Adresse/ });
const submit = () => fireEvent.click(form().getByRole('button', { name: 'Einladung senden' }));

async function openForm(customer = ben) {
  const portal = fakePortal(customer);
  await renderApp(ROUTES.employeeAdd);
  await screen.findByRole('form', { name: 'Person einladen' });
  await form().findByRole('checkbox', { name: 'Praxis Mitte' });
  return portal;
}

describe('/my-practice/employees-overview/add', () => {
  it('checks the input inline and sends nothing', async () => {
    const portal = await openForm();
    submit();
    expect(await form().findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();

    fireEvent.change(email(), { target: { value: 'praxis@zahnarzt.example.com' } });
    fireEvent.blur(email());
    expect(await form().findByText(ALIAS_ERROR)).toBeTruthy();

    fireEvent.change(email(), { target: { value: 'anna@' } });
    fireEvent.blur(email());
    expect(await form().findByText(/gültige E-Mail-Adresse/)).toBeTruthy();
    expect(portal.employees.bodies['Employee/InviteEmployee']).toBeUndefined();
  });

  it('refuses info@ with the fallback list when the aliases cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakePortal(ben);
    server.use(onCall(calls.utilityEmailProhibitedAlias, () => problem(500, 'internal_error')));
    await renderApp(ROUTES.employeeAdd);
    await screen.findByRole('form', { name: 'Person einladen' });
    fireEvent.change(email(), { target: { value: 'info@zahnarzt.example.com' } });
    fireEvent.blur(email());
    expect(await form().findByText(ALIAS_ERROR)).toBeTruthy();
    // Only the fallback: praxis@ is allowed now.
    fireEvent.change(email(), { target: { value: 'praxis@zahnarzt.example.com' } });
    fireEvent.blur(email());
    await waitFor(() => expect(form().queryByText(ALIAS_ERROR)).toBeNull());
    expect(logged).toHaveBeenCalled();
  }, 10_000);

  it('sends UNDEFINED selects and empty names as null, with the chosen locations, then lists the invitation', async () => {
    const portal = await openForm();
    expect(
      within(form().getByRole('combobox', { name: /^Rolle/ }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Mitglied']);
    expect(form().getByRole('combobox', { name: 'Anrede' })).toHaveProperty('value', 'UNDEFINED');
    fireEvent.change(email(), { target: { value: ' Neu.Person@Example.com ' } });
    fireEvent.click(form().getByRole('checkbox', { name: 'Praxis Prenzlauer Berg' }));
    submit();

    expect(await screen.findByText('Die Einladung wurde gesendet.')).toBeTruthy();
    expect(portal.employees.bodies['Employee/InviteEmployee']).toEqual([
      {
        companyId: SOMMER_ID,
        email: 'neu.person@example.com',
        salutation: null,
        title: null,
        firstName: null,
        lastName: null,
        role: 'member',
        locationIds: [demoLocations[1]!.locationId],
      },
    ]);
    expect(await screen.findByRole('link', { name: 'neu.person@example.com' })).toBeTruthy();
    expect(window.location.pathname).toBe(ROUTES.employees);
  });

  it('lets the superadmin invite an admin with salutation and title', async () => {
    const portal = await openForm(anna);
    fireEvent.change(email(), { target: { value: 'chef@example.com' } });
    fireEvent.change(form().getByRole('combobox', { name: 'Anrede' }), {
      target: { value: 'FRAU' },
    });
    fireEvent.change(form().getByRole('combobox', { name: 'Titel' }), {
      target: { value: 'DR' },
    });
    fireEvent.change(form().getByRole('textbox', { name: /^Nachname/ }), {
      target: { value: 'Chef' },
    });
    fireEvent.change(form().getByRole('combobox', { name: /^Rolle/ }), {
      target: { value: 'admin' },
    });
    submit();
    await screen.findByText('Die Einladung wurde gesendet.');
    expect(portal.employees.bodies['Employee/InviteEmployee']).toEqual([
      expect.objectContaining({ salutation: 'FRAU', title: 'DR', lastName: 'Chef', role: 'admin' }),
    ]);
  });

  it('keeps the input and says why the api refused, never "try again"', async () => {
    await openForm();
    fireEvent.change(email(), { target: { value: 'clara.wolf@example.com' } });
    submit();
    expect(
      await form().findByText(
        'Diese Person gehört bereits zur Praxis oder wurde schon eingeladen.',
      ),
    ).toBeTruthy();
    expect(
      screen.getAllByText('Diese Person gehört bereits zur Praxis oder wurde schon eingeladen.'),
    ).toHaveLength(2);
    expect(screen.queryByText(SAVE_ERROR)).toBeNull();
    expect(email()).toHaveProperty('value', 'clara.wolf@example.com');

    server.use(
      onCall(calls.employeeInviteEmployee, () =>
        problem(400, 'validation_failed', [{ field: 'body.email', code: 'prohibited_alias' }]),
      ),
    );
    fireEvent.change(email(), { target: { value: 'empfang@example.com' } });
    submit();
    expect(await form().findByText(ALIAS_ERROR)).toBeTruthy();
    expect(await screen.findByText('Bitte prüfen Sie Ihre Angaben.')).toBeTruthy();
    expect(screen.queryByText(SAVE_ERROR)).toBeNull();
  });
});
