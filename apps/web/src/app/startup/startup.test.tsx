import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@pp/contract';
import { anna, clara, MARKT_ID, SOMMER_ID } from '../../testing/demo-customers.ts';
import {
  apiCalls,
  portalHandlers,
  problem,
  requests,
  server,
} from '../../testing/portal-server.ts';
import { onCall } from '../../testing/call-handler.ts';
import { ACCESS_TOKEN, renderApp } from '../../testing/render-app.tsx';

afterEach(() => vi.restoreAllMocks());

const consoleErrors = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);
const consoleWarnings = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);
const logged = (spy: ReturnType<typeof consoleErrors>) => spy.mock.calls.map((call) => call[0]);

describe('startup', () => {
  it('loads customer, prohibited aliases, picklists and the active practice’s locations in this order, each with the token', async () => {
    server.use(...portalHandlers(anna));
    const errors = consoleErrors();
    const warnings = consoleWarnings();
    await renderApp('/dashboard');

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Guten Tag, Frau Dr. Sommer',
      }),
    ).toBeTruthy();
    await waitFor(() => expect(apiCalls()).toHaveLength(4));
    expect(apiCalls()).toEqual([
      { call: 'Customer/GetCustomerData', authorization: `Bearer ${ACCESS_TOKEN}` },
      { call: 'Utility/EmailProhibitedAlias', authorization: `Bearer ${ACCESS_TOKEN}` },
      { call: 'Customer/GetPicklists', authorization: `Bearer ${ACCESS_TOKEN}` },
      { call: 'Location/GetLocations', authorization: `Bearer ${ACCESS_TOKEN}` },
    ]);
    const [locations] = requests.filter(({ url }) => url.pathname.endsWith('/GetLocations'));
    expect(Object.fromEntries(locations?.url.searchParams ?? [])).toEqual({
      parentId: SOMMER_ID,
      contactId: anna.customerId,
      page: '1',
      pageSize: '25',
      sort: 'name',
      direction: 'asc',
    });
    expect(screen.getByText('Zahnarztpraxis Dr. Sommer', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText(/Ihre Rolle: Hauptadministrator/)).toBeTruthy();
    expect(logged(errors)).toEqual([]);
    expect(logged(warnings)).toEqual([]);
  });

  it('shows GET_ERROR and the unauthorized page when the customer cannot be loaded', async () => {
    server.use(onCall(calls.customerGetCustomerData, () => problem(500, 'internal_error')));
    const errors = consoleErrors();
    await renderApp('/my-practice?tab=2#team');

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Ihre Daten konnten nicht geladen werden',
      }),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/unauthorized');
    expect(screen.getByRole('alert').textContent).toBe(
      'Die Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
    );
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).toBeNull();
    expect(apiCalls().map((request) => request.call)).toEqual([
      'Customer/GetCustomerData',
      'Utility/EmailProhibitedAlias',
      'Customer/GetPicklists',
    ]);
    expect(logged(errors)).toEqual(['Startup: customer data could not be loaded']);
  });

  it('returns to the requested URL when a retry loads the customer', async () => {
    let answers = 0;
    server.use(
      onCall(calls.customerGetCustomerData, () =>
        answers++ === 0 ? problem(503, 'service_unavailable') : HttpResponse.json(clara),
      ),
    );
    consoleErrors();
    await renderApp('/my-practice?tab=2#team');
    fireEvent.click(await screen.findByRole('button', { name: 'Erneut versuchen' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Meine Praxis' })).toBeTruthy();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/my-practice?tab=2#team',
    );
  });

  it('goes on with the fallback ["info"] when the prohibited aliases cannot be loaded', async () => {
    server.use(onCall(calls.utilityEmailProhibitedAlias, () => problem(500, 'internal_error')));
    const errors = consoleErrors();
    await renderApp('/dashboard');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Guten Tag, Frau Wolf' }),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(logged(errors)).toEqual([
      'Prohibited e-mail aliases could not be loaded; using the fallback',
    ]);
  });

  it('shows GET_ERROR but stays when the picklists cannot be loaded', async () => {
    server.use(onCall(calls.customerGetPicklists, () => problem(500, 'internal_error')));
    const errors = consoleErrors();
    await renderApp('/dashboard');

    // The greeting needs nothing of the picklists.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Guten Tag, Frau Wolf' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/konnten nicht geladen werden/);
    expect(window.location.pathname).toBe('/dashboard');
    expect(logged(errors)).toEqual(['Startup: picklists could not be loaded']);
  });

  it('signs in again, without a toast, when the api refuses the token', async () => {
    server.use(onCall(calls.customerGetCustomerData, () => problem(401, 'unauthenticated')));
    const errors = consoleErrors();
    const { session } = await renderApp('/dashboard');

    await waitFor(() => expect(session.signIns).toBe(1));
    expect(session.signInNotices).toEqual([undefined]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(window.location.pathname).toBe('/dashboard');
    expect(logged(errors)).toEqual([]);
  });

  it('signs in again saying why when the session was ended on another device', async () => {
    server.use(onCall(calls.customerGetCustomerData, () => problem(401, 'session_ended')));
    const { session } = await renderApp('/dashboard');

    await waitFor(() => expect(session.signIns).toBe(1));
    expect(session.signInNotices).toEqual(['ended-elsewhere']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('loads the locations of each practice the user switches to, once per practice', async () => {
    server.use(...portalHandlers(anna));
    await renderApp('/dashboard');
    const switcher = await screen.findByRole('button', {
      name: 'Aktive Praxis: Zahnarztpraxis Dr. Sommer',
    });
    await waitFor(() => expect(locationLoads()).toEqual([SOMMER_ID]));

    fireEvent.click(switcher);
    fireEvent.click(screen.getByRole('button', { name: /^Praxis am Markt/ }));
    await waitFor(() => expect(locationLoads()).toEqual([SOMMER_ID, MARKT_ID]));

    fireEvent.click(screen.getByRole('button', { name: 'Aktive Praxis: Praxis am Markt' }));
    fireEvent.click(screen.getByRole('button', { name: /^Zahnarztpraxis Dr. Sommer/ }));
    expect(await screen.findByText(/Ihre Rolle: Hauptadministrator/)).toBeTruthy();
    // Sommer's page is still in the cache: no second load.
    expect(locationLoads()).toEqual([SOMMER_ID, MARKT_ID]);
  });

  it('shows GET_ERROR when the locations cannot be loaded, and stays', async () => {
    server.use(onCall(calls.locationGetLocations, () => problem(500, 'internal_error')));
    await renderApp('/dashboard');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Die Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Guten Tag, Frau Wolf');
  });
});

const locationLoads = () =>
  requests
    .filter(({ url }) => url.pathname.endsWith('/Location/GetLocations'))
    .map(({ url }) => url.searchParams.get('parentId'));
