import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, LocationSchema, ROUTES } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { ben, clara, SOMMER_ID } from '../../testing/demo-customers.ts';
import { demoLocations } from '../../testing/fake-locations.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { problem, requests, server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const GET_ERROR = 'Die Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.';

const list = () => screen.getByRole('list', { name: 'Standorte' });
const names = () =>
  within(list())
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
/** The query of each location list the screen loaded, as the api saw it. */
const loads = () =>
  requests
    .filter(({ url }) => url.pathname.endsWith('/Location/GetLocations'))
    .map(({ url }) => Object.fromEntries(url.searchParams));

async function openLocations(customer = clara) {
  const portal = fakePortal(customer);
  await renderApp(ROUTES.locations);
  await screen.findByRole('heading', { level: 2, name: 'Praxis Mitte' });
  return portal;
}

describe('/my-practice/location-overview', () => {
  it('shows a member the active practice’s locations, their own marked, without links to edit', async () => {
    await openLocations();

    expect(names()).toEqual(['Praxis Mitte', 'Praxis Prenzlauer Berg']);
    const mitte = within(list()).getAllByRole('listitem')[0]!;
    expect(within(mitte).getByText('Ihr Standort')).toBeTruthy();
    expect(within(mitte).getByText('Friedrichstraße 120, 10117 Berlin')).toBeTruthy();
    expect(screen.getByText('Ihnen zugeordnet: Praxis Mitte')).toBeTruthy();
    expect(screen.getByText('Standorte insgesamt: 2')).toBeTruthy();
    expect(within(list()).queryAllByRole('link')).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Standort hinzufügen' })).toBeNull();
    // The page the shell loaded at startup: no second request.
    expect(loads()).toHaveLength(1);
  });

  it('gives admins a link to add and to each location’s information page', async () => {
    await openLocations(ben);
    expect(screen.getByRole('link', { name: 'Standort hinzufügen' }).getAttribute('href')).toBe(
      ROUTES.locationAdd,
    );
    expect(
      within(list()).getByRole('link', { name: 'Praxis Prenzlauer Berg' }).getAttribute('href'),
    ).toBe(`${ROUTES.locationInformation}?locationId=${demoLocations[1]!.locationId}`);
  });

  it('searches and sorts on the server, keeping the view in the URL', async () => {
    await openLocations(ben);
    fireEvent.change(screen.getByRole('searchbox', { name: /^Suche/ }), {
      target: { value: 'schön' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Suchen' }));

    await waitFor(() => expect(names()).toEqual(['Praxis Prenzlauer Berg']));
    expect(screen.getByText('Gefundene Standorte: 1')).toBeTruthy();
    expect(loads().at(-1)).toMatchObject({ search: 'schön', page: '1' });
    expect(window.location.search).toBe('?search=sch%C3%B6n');

    fireEvent.change(screen.getByRole('combobox', { name: 'Sortierung' }), {
      target: { value: 'postalCode-desc' },
    });
    await waitFor(() =>
      expect(loads().at(-1)).toMatchObject({ sort: 'postalCode', direction: 'desc' }),
    );
  });

  it('says when nothing is found, and shows everything again on request', async () => {
    fakePortal(clara);
    await renderApp(`${ROUTES.locations}?search=Hamburg`);
    expect(await screen.findByText('Zu „Hamburg“ wurde kein Standort gefunden.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Alle Standorte anzeigen' }));
    await waitFor(() => expect(names()).toHaveLength(2));
    expect(window.location.search).toBe('');
  }, 10_000);

  it('pages through many locations', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      LocationSchema.parse({
        ...demoLocations[0],
        locationId: `00000000-0000-4000-8000-0000000020${String(index).padStart(2, '0')}`,
        name: `Filiale ${String(index + 1).padStart(2, '0')}`,
      }),
    );
    const portal = fakePortal(ben);
    portal.locations.locations = many;
    await renderApp(ROUTES.locations);
    await screen.findByRole('heading', { name: 'Filiale 01' });
    expect(screen.getByText('Seite 1 von 2')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Vorherige Seite' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(await screen.findByRole('heading', { name: 'Filiale 26' })).toBeTruthy();
    expect(names()).toHaveLength(5);
    expect(loads().at(-1)).toMatchObject({ page: '2', pageSize: '25', parentId: SOMMER_ID });
  });

  it('shows GET_ERROR when the locations cannot be loaded', async () => {
    fakePortal(clara);
    server.use(onCall(calls.locationGetLocations, () => problem(500, 'internal_error')));
    await renderApp(ROUTES.locations);

    expect(await screen.findByText(GET_ERROR)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});
