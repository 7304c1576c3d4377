import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { calls, ROUTES } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { anna, ben, SOMMER_ID } from '../../testing/demo-customers.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { problem, server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const SAVE_ERROR =
  'Ihre Änderungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.';
const GET_ERROR = 'Die Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.';

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const type = (name: string, value: string) => {
  fireEvent.change(field(name), { target: { value } });
  fireEvent.blur(field(name));
};
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

async function openInformation(customer = ben) {
  const portal = fakePortal(customer);
  await renderApp(ROUTES.practiceInformation);
  await screen.findByRole('form', { name: 'Praxisdaten bearbeiten' });
  return portal;
}

describe('/my-practice/information-practice', () => {
  it('shows the active practice’s data and saves a change', async () => {
    const portal = await openInformation();
    expect(screen.getByText('P-900001')).toBeTruthy();
    expect((field('Telefon') as HTMLInputElement).value).toBe('+49 30 1234567');
    expect((screen.getByRole('combobox', { name: 'Land' }) as HTMLSelectElement).value).toBe('DE');
    // An admin, not the superadmin: nothing to disable.
    expect(screen.queryByRole('button', { name: /Praxis deaktivieren/ })).toBeNull();

    type('Telefon', '+49 30 7654321');
    type('Website', '');
    save();

    expect(await screen.findByText('Ihre Änderungen wurden gespeichert.')).toBeTruthy();
    expect(portal.practices.updates).toEqual([
      {
        companyId: SOMMER_ID,
        name: 'Zahnarztpraxis Dr. Sommer',
        street: 'Friedrichstraße 120',
        postalCode: '10117',
        city: 'Berlin',
        country: 'DE',
        phone: '+49 30 7654321',
        email: 'kontakt@zahnarzt-sommer.example.com',
        website: null,
      },
    ]);
    expect((field('Telefon') as HTMLInputElement).value).toBe('+49 30 7654321');
  });

  it('checks the input inline and sends nothing', async () => {
    const portal = await openInformation();
    type('Name der Praxis', ' ');
    type('E-Mail-Adresse der Praxis', 'empfang@');
    save();

    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    expect(screen.getByText(/gültige E-Mail-Adresse/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Name der Praxis')));
    expect(portal.practices.updates).toEqual([]);
  });

  it('keeps the input and shows SAVE_ERROR when the save fails', async () => {
    await openInformation();
    server.use(onCall(calls.companyUpdateCompany, () => HttpResponse.json({}, { status: 500 })));
    type('Ort', 'Berlin-Mitte');
    save();

    expect(await screen.findByText(SAVE_ERROR)).toBeTruthy();
    expect((field('Ort') as HTMLInputElement).value).toBe('Berlin-Mitte');
  });

  it('shows GET_ERROR when the practice cannot be loaded', async () => {
    fakePortal(ben);
    server.use(onCall(calls.companyGetCompany, () => problem(500, 'internal_error')));
    await renderApp(ROUTES.practiceInformation);

    expect(await screen.findByText(GET_ERROR)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('lets the superadmin disable the practice after a confirmation that names it', async () => {
    const portal = await openInformation(anna);
    fireEvent.click(screen.getByRole('button', { name: 'Praxis deaktivieren …' }));
    const dialog = await screen.findByRole('dialog', { name: 'Praxis deaktivieren?' });
    expect(dialog.textContent).toContain('„Zahnarztpraxis Dr. Sommer“ wirklich deaktivieren?');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Abbrechen' }),
      ),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Meine Praxis' })).toBeTruthy();
    expect(await screen.findByText('Die Praxis wurde deaktiviert.')).toBeTruthy();
    expect(portal.practices.practices.find((p) => p.companyId === SOMMER_ID)?.status).toBe(
      'disabled',
    );
    // Anna now works in "Praxis am Markt", as a member; Sommer is listed read-only.
    const active = within(screen.getByRole('region', { name: 'Aktive Praxis' }));
    expect(await active.findByText('Praxis am Markt')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Praxisdaten' })).toBeNull();
    expect(
      screen.getByRole('button', { name: /^Praxis wieder aktivieren: Zahnarztpraxis/ }),
    ).toBeTruthy();
    expect(screen.queryByText(/keinen Zugriff auf diese Seite/)).toBeNull();
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const portal = await openInformation(anna);
    fireEvent.click(screen.getByRole('button', { name: 'Praxis deaktivieren …' }));
    const dialog = await screen.findByRole('dialog', { name: 'Praxis deaktivieren?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(portal.practices.practices.every((p) => p.status === 'enabled')).toBe(true);
  });
});
