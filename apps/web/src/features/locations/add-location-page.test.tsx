import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { calls, ROUTES } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { ben, SOMMER_ID } from '../../testing/demo-customers.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const GET_ERROR = 'Die Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.';

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const type = (name: string, value: string) => {
  fireEvent.change(field(name), { target: { value } });
  fireEvent.blur(field(name));
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Standort anlegen' }));

async function openAddLocation() {
  const portal = fakePortal(ben);
  await renderApp(ROUTES.locationAdd);
  await screen.findByRole('form', { name: 'Neuer Standort' });
  return portal;
}

function fillIn() {
  type('Name des Standorts', 'Praxis Charlottenburg');
  type('Straße und Hausnummer', 'Kantstraße 5');
  type('Postleitzahl', '10623');
  type('Ort', 'Berlin');
}

describe('/my-practice/location-overview/add', () => {
  it('checks the input inline and sends nothing', async () => {
    const portal = await openAddLocation();
    type('Postleitzahl', '106');
    type('Telefon', 'ruf an');
    type('E-Mail-Adresse für Rechnungen', 'rechnung@');
    submit();

    expect(
      await screen.findByText('Bitte geben Sie eine Postleitzahl mit fünf Ziffern ein.'),
    ).toBeTruthy();
    expect(screen.getAllByText('Bitte füllen Sie dieses Feld aus.')).toHaveLength(3);
    expect(screen.getByText(/gültige Telefonnummer/)).toBeTruthy();
    expect(screen.getByText(/gültige E-Mail-Adresse/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Name des Standorts')));
    expect(portal.locations.creates).toEqual([]);
  });

  it('sends an empty phone number and invoice e-mail as null, then shows the new location in the list', async () => {
    const portal = await openAddLocation();
    fillIn();
    type('Telefon', '   ');
    submit();

    expect(await screen.findByRole('heading', { level: 1, name: 'Standorte' })).toBeTruthy();
    expect(portal.locations.creates).toEqual([
      {
        companyId: SOMMER_ID,
        name: 'Praxis Charlottenburg',
        street: 'Kantstraße 5',
        postalCode: '10623',
        city: 'Berlin',
        phoneNumber: null,
        invoiceMail: null,
      },
    ]);
    const list = await screen.findByRole('list', { name: 'Standorte' });
    expect(await within(list).findByRole('link', { name: 'Praxis Charlottenburg' })).toBeTruthy();
    expect(screen.getByText('Der Standort wurde angelegt.')).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('Praxis Charlottenburg');
  });

  it('keeps the input and shows GET_ERROR (the catalogue’s text for locations) when the save fails', async () => {
    await openAddLocation();
    server.use(onCall(calls.locationCreateLocation, () => HttpResponse.json({}, { status: 500 })));
    fillIn();
    type('E-Mail-Adresse für Rechnungen', 'rechnung@praxis-charlottenburg.de');
    submit();

    expect(await screen.findByText(GET_ERROR)).toBeTruthy();
    expect(screen.queryByText(/konnten nicht gespeichert werden/)).toBeNull();
    expect((field('Name des Standorts') as HTMLInputElement).value).toBe('Praxis Charlottenburg');
    expect((field('E-Mail-Adresse für Rechnungen') as HTMLInputElement).value).toBe(
      'rechnung@praxis-charlottenburg.de',
    );
    expect(window.location.pathname).toBe(ROUTES.locationAdd);
  });
});
