import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { calls, ROUTES } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { ben } from '../../testing/demo-customers.ts';
import { demoLocations } from '../../testing/fake-locations.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { apiCalls, problem, server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const GET_ERROR = 'Die Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.';
const prenzlauerBerg = demoLocations[1]!;
const MITTE_ID = demoLocations[0]!.locationId;
const linkTo = (locationId: string) => `${ROUTES.locationInformation}?locationId=${locationId}`;

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const type = (name: string, value: string) => {
  fireEvent.change(field(name), { target: { value } });
  fireEvent.blur(field(name));
};
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

async function openLocation(locationId = prenzlauerBerg.locationId) {
  const portal = fakePortal(ben);
  await renderApp(linkTo(locationId));
  await screen.findByRole('form', { name: 'Standortdaten bearbeiten' });
  return portal;
}

describe('/my-practice/location-overview/information-location', () => {
  it('shows the location the URL names and saves a change, empty fields as null', async () => {
    const { locations } = await openLocation(MITTE_ID);
    expect(screen.getByRole('heading', { level: 2, name: 'Praxis Mitte' })).toBeTruthy();
    expect((field('Telefon') as HTMLInputElement).value).toBe('+49 30 1234567');

    type('Telefon', '');
    type('Straße und Hausnummer', 'Friedrichstraße 121');
    save();

    expect(await screen.findByText('Ihre Änderungen wurden gespeichert.')).toBeTruthy();
    expect(locations.updates).toEqual([
      {
        locationId: MITTE_ID,
        name: 'Praxis Mitte',
        street: 'Friedrichstraße 121',
        postalCode: '10117',
        city: 'Berlin',
        phoneNumber: null,
        invoiceMail: 'rechnung@zahnarzt-sommer.example.com',
      },
    ]);
  });

  it('shows the same location again after a reload: the URL carries it', async () => {
    await openLocation();
    cleanup();
    await renderApp(window.location.href);

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Praxis Prenzlauer Berg' }),
    ).toBeTruthy();
    expect((field('Straße und Hausnummer') as HTMLInputElement).value).toBe('Schönhauser Allee 58');
  });

  it('says that no location is chosen when the URL names none, and loads nothing', async () => {
    fakePortal(ben);
    await renderApp(ROUTES.locationInformation);
    expect(await screen.findByText('Es ist kein Standort ausgewählt.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Standortliste' }).getAttribute('href')).toBe(
      ROUTES.locations,
    );
    expect(apiCalls().some(({ call }) => call === 'Location/GetLocationById')).toBe(false);
  });

  it('shows GET_ERROR when the location cannot be loaded', async () => {
    fakePortal(ben);
    server.use(onCall(calls.locationGetLocationById, () => problem(404, 'not_found')));
    await renderApp(linkTo(prenzlauerBerg.locationId));

    expect(await screen.findByText(GET_ERROR)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it('keeps the input and shows GET_ERROR when the save fails', async () => {
    await openLocation();
    server.use(onCall(calls.locationUpdateLocation, () => HttpResponse.json({}, { status: 500 })));
    type('Telefon', '030 4445556');
    save();

    expect(await screen.findByText(GET_ERROR)).toBeTruthy();
    await waitFor(() => expect((field('Telefon') as HTMLInputElement).value).toBe('030 4445556'));
  });
});
