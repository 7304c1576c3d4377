import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, ROUTES } from '@pp/contract';
import { onCall } from '../testing/call-handler.ts';
import { anna, ben, clara, SOMMER_ID } from '../testing/demo-customers.ts';
import { fakePortal } from '../testing/fake-portal.ts';
import { accountSecurityOf, problem, server, webConfiguration } from '../testing/portal-server.ts';
import { renderApp } from '../testing/render-app.tsx';
import { LANGUAGE_KEY } from '../lib/i18n/i18n.ts';

/** The api refuses every call on the practice's data as for a token without a second factor. */
function practiceRequiresSecondFactor() {
  const refuse = () => problem(403, 'second_factor_required');
  server.use(
    onCall(calls.locationGetLocations, refuse),
    onCall(calls.locationGetLocationById, refuse),
    onCall(calls.companyGetCompany, refuse),
    onCall(calls.companyCheckEntitlements, refuse),
    onCall(calls.employeeGetEmployees, refuse),
  );
}

describe('a practice that requires a second factor (decision 0069)', () => {
  it('shows its screens as a page that explains why and starts the setup', async () => {
    fakePortal(clara);
    practiceRequiresSecondFactor();
    const { session } = await renderApp(ROUTES.locations);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Zweiter Faktor erforderlich' }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        /Die Praxis „Zahnarztpraxis Dr. Sommer“ verlangt bei der Anmeldung einen zweiten Faktor/,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu „Meine Praxis“' }).getAttribute('href')).toBe(
      ROUTES.myPractice,
    );
    // The failed load's toast says why, not "could not be loaded, try again" (decision 0059).
    expect(
      await screen.findByText(/^Diese Praxis verlangt bei der Anmeldung einen zweiten Faktor/),
    ).toBeTruthy();
    expect(screen.queryByText(/Die Daten konnten nicht geladen werden/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Zweiten Faktor einrichten' }));
    expect(session.accountActions).toEqual(['step-up']);
  });

  it('says so in English too', async () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'en');
    fakePortal(clara);
    practiceRequiresSecondFactor();
    const { session } = await renderApp(ROUTES.locations);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Second factor required' }),
    ).toBeTruthy();
    expect(
      screen.getByText(/The practice “Zahnarztpraxis Dr. Sommer” requires a second factor/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set up a second factor' }));
    expect(session.accountActions).toEqual(['step-up']);
  });

  // Decision 0073: the panel starts what the provider's configuration names for `step-up`, and
  // links to the provider's page where there is none.
  it.each([
    ['Keycloak', accountSecurityOf.keycloak, { kc_action: 'CONFIGURE_TOTP' }],
    ['Entra ID', accountSecurityOf.entra, accountSecurityOf.entra.actions['step-up']],
    ['Auth0', accountSecurityOf.auth0, accountSecurityOf.auth0.actions['step-up']],
  ])('under %s starts its sign-in with a second factor', async (_name, accountSecurity, sent) => {
    fakePortal(clara);
    practiceRequiresSecondFactor();
    const { session } = await renderApp(ROUTES.locations, {
      configuration: { ...webConfiguration, accountSecurity },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Zweiten Faktor einrichten' }));
    expect(session.accountActionParameters).toEqual([sent]);
  });

  it('links to the provider’s page where it offers no sign-in of the kind', async () => {
    fakePortal(clara);
    practiceRequiresSecondFactor();
    await renderApp(ROUTES.locations, {
      configuration: {
        ...webConfiguration,
        accountSecurity: accountSecurityOf.entraWithoutContext,
      },
    });
    const link = await screen.findByRole('link', {
      name: 'Zur Seite Ihres Anmeldedienstes (neuer Tab)',
    });
    expect(link.getAttribute('href')).toBe('https://mysignins.microsoft.com/security-info');
    expect(
      screen.getByText(/Richten Sie den zweiten Faktor bei Ihrem Anmeldedienst ein/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Zweiten Faktor einrichten' })).toBeNull();
  });

  it('under a generic provider only says where to set it up', async () => {
    fakePortal(clara);
    practiceRequiresSecondFactor();
    await renderApp(ROUTES.locations, {
      configuration: { ...webConfiguration, accountSecurity: accountSecurityOf.generic },
    });
    expect(
      await screen.findByText(/Richten Sie den zweiten Faktor bei Ihrem Anmeldedienst ein/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Zweiten Faktor einrichten' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Anmeldedienstes/ })).toBeNull();
  });

  it('leaves the person’s own screens alone', async () => {
    fakePortal(clara);
    practiceRequiresSecondFactor();
    await renderApp(ROUTES.info);
    expect(await screen.findByRole('heading', { level: 1, name: /Profil/ })).toBeTruthy();
    expect(screen.queryByText('Zweiter Faktor erforderlich')).toBeNull();
  });

  it('shows the practice’s screens again once the calls are answered', async () => {
    fakePortal(clara);
    await renderApp(ROUTES.locations);
    expect(await screen.findByRole('heading', { level: 1, name: 'Standorte' })).toBeTruthy();
    expect(screen.queryByText('Zweiter Faktor erforderlich')).toBeNull();
  });
});

describe('the setting on /my-practice/information-practice', () => {
  it('is a switch for the superadmin, saved at once', async () => {
    const portal = fakePortal(anna);
    await renderApp(ROUTES.practiceInformation);
    await screen.findByRole('form', { name: 'Praxisdaten bearbeiten' });
    const toggle = screen.getByRole('switch', {
      name: 'Zweiten Faktor bei der Anmeldung verlangen',
    });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    expect(await screen.findByText('Die Praxis verlangt jetzt einen zweiten Faktor.')).toBeTruthy();
    expect(portal.practices.updates).toEqual([
      { companyId: SOMMER_ID, requiresSecondFactor: true },
    ]);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
  });

  it('is read-only for an admin', async () => {
    const portal = fakePortal(ben);
    await renderApp(ROUTES.practiceInformation);
    await screen.findByRole('form', { name: 'Praxisdaten bearbeiten' });
    expect(
      await screen.findByText('Diese Praxis verlangt bei der Anmeldung keinen zweiten Faktor.'),
    ).toBeTruthy();
    expect(
      screen.getByText('Das kann nur die Hauptadministration der Praxis ändern.'),
    ).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(portal.practices.updates).toEqual([]);
  });
});
