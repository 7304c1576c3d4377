import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@pp/contract';
import { anna, ben, clara, SOMMER_ID } from '../testing/demo-customers.ts';
import { fakePortal } from '../testing/fake-portal.ts';
import { accountSecurityOf, webConfiguration } from '../testing/portal-server.ts';
import { renderApp } from '../testing/render-app.tsx';
import { practiceRequiresSecondFactor } from '../testing/second-factor-refusal.ts';
import { LANGUAGE_KEY } from '../lib/i18n/i18n.ts';

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
    fireEvent.click(screen.getByRole('button', { name: 'Mit zweitem Faktor anmelden' }));
    fireEvent.click(screen.getByRole('button', { name: 'Passkey hinzufügen' }));
    expect(session.accountActions).toEqual(['step-up', 'add-passkey']);
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
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a second factor' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(session.accountActions).toEqual(['step-up', 'add-passkey']);
  });

  // Decision 0073: the panel starts what the provider's configuration names for `step-up` (and
  // `add-passkey`), and links to the provider's page where there is none.
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
    fireEvent.click(await screen.findByRole('button', { name: 'Mit zweitem Faktor anmelden' }));
    expect(session.accountActionParameters).toEqual([sent]);
    // A passkey only where the provider offers to add one (Keycloak's `kc_action`).
    const passkey = screen.queryByRole('button', { name: 'Passkey hinzufügen' });
    expect(passkey !== null).toBe('add-passkey' in accountSecurity.actions);
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
    expect(screen.queryByRole('button', { name: 'Mit zweitem Faktor anmelden' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Passkey hinzufügen' })).toBeNull();
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
    expect(screen.queryByRole('button', { name: 'Mit zweitem Faktor anmelden' })).toBeNull();
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
  // Issue 43 point 6: the switch acted on one click, without asking.
  it.each([
    {
      language: 'de' as const,
      switch: 'Zweiten Faktor bei der Anmeldung verlangen',
      askOn: 'Zweiten Faktor verlangen?',
      means: /Wer noch keinen eingerichtet hat, wird bei der nächsten Anmeldung dazu aufgefordert/,
      cancel: 'Abbrechen',
      confirmOn: 'Zweiten Faktor verlangen',
      doneOn: 'Die Praxis verlangt jetzt einen zweiten Faktor.',
      askOff: 'Zweiten Faktor nicht mehr verlangen?',
      confirmOff: 'Nicht mehr verlangen',
      doneOff: 'Die Praxis verlangt keinen zweiten Faktor mehr.',
    },
    {
      language: 'en' as const,
      switch: 'Require a second factor at sign-in',
      askOn: 'Require a second factor?',
      means: /Anyone who has not set one up yet is asked to at their next sign-in/,
      cancel: 'Cancel',
      confirmOn: 'Require a second factor',
      doneOn: 'The practice now requires a second factor.',
      askOff: 'Stop requiring a second factor?',
      confirmOff: 'Stop requiring',
      doneOff: 'The practice no longer requires a second factor.',
    },
  ])(
    'is a switch for the superadmin that asks first and then says it is done ($language)',
    async (text) => {
      const portal = fakePortal({ ...anna, preferredLanguage: text.language });
      await renderApp(ROUTES.practiceInformation);
      const toggle = (await screen.findByRole('switch', { name: text.switch })) as HTMLInputElement;
      expect(toggle.checked).toBe(false);

      // Cancelled: nothing is sent and the switch stays off.
      fireEvent.click(toggle);
      const asking = await screen.findByRole('dialog', { name: text.askOn });
      expect(within(asking).getByText(text.means)).toBeTruthy();
      fireEvent.click(within(asking).getByRole('button', { name: text.cancel }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(portal.practices.updates).toEqual([]);
      expect(toggle.checked).toBe(false);

      // Confirmed: saved, said, and the switch on.
      fireEvent.click(toggle);
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: text.askOn })).getByRole('button', {
          name: text.confirmOn,
        }),
      );
      expect(await screen.findByText(text.doneOn)).toBeTruthy();
      expect(portal.practices.updates).toEqual([
        { companyId: SOMMER_ID, requiresSecondFactor: true },
      ]);
      await waitFor(() => expect(toggle.checked).toBe(true));

      // Off again asks too, in its own words.
      fireEvent.click(toggle);
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: text.askOff })).getByRole('button', {
          name: text.confirmOff,
        }),
      );
      expect(await screen.findByText(text.doneOff)).toBeTruthy();
      expect(portal.practices.updates).toHaveLength(2);
    },
  );

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
