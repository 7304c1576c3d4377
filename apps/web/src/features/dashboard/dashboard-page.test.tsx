import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CustomerSchema, ROUTES } from '@pp/contract';
import { clara, newcomer, SOMMER_ID } from '../../testing/demo-customers.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { requests } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { practiceRequiresSecondFactor } from '../../testing/second-factor-refusal.ts';
import { LANGUAGE_KEY } from '../../lib/i18n/i18n.ts';

// Issue 22, point 1: an invited person is led to the invitation, not to a practice of their own.
describe('/dashboard with a waiting invitation', () => {
  it('leads with the invitation, before the offer to add a practice, and links to it', async () => {
    fakePortal(
      CustomerSchema.parse({
        ...newcomer,
        associatedCompanies: {
          companyVms: [
            {
              companyId: SOMMER_ID,
              customerNumber: null,
              name: 'Zahnarztpraxis Dr. Sommer',
              postalCode: '10117',
              city: 'Berlin',
              status: 'enabled',
              role: 'member',
              membershipStatus: 'invited',
            },
          ],
        },
      }),
    );
    await renderApp(ROUTES.dashboard);
    const invitations = await screen.findByRole('region', { name: 'Sie wurden eingeladen' });
    expect(invitations.textContent).toContain(
      'Eine Einladung wartet auf Ihre Antwort: Zahnarztpraxis Dr. Sommer.',
    );
    const noPractice = screen.getByRole('region', {
      name: 'Sie sind noch mit keiner Praxis verbunden',
    });
    expect(invitations.compareDocumentPosition(noPractice)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    fireEvent.click(within(invitations).getByRole('link', { name: 'Einladung ansehen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Meine Praxis' })).toBeTruthy();
  });

  it('shows no invitation card without one', async () => {
    fakePortal(CustomerSchema.parse(newcomer));
    await renderApp(ROUTES.dashboard);
    await screen.findByRole('region', { name: 'Sie sind noch mit keiner Praxis verbunden' });
    expect(screen.queryByRole('region', { name: 'Sie wurden eingeladen' })).toBeNull();
  });
});

// Issue 43, point 5: after "Später einrichten" the dashboard said so only in a toast, and offered
// the practice's screens as if they were open.
describe('/dashboard while the active practice requires a second factor', () => {
  it.each([
    {
      language: 'de' as const,
      title: 'Zweiter Faktor erforderlich',
      text: 'Die Praxis „Zahnarztpraxis Dr. Sommer“ verlangt bei der Anmeldung einen zweiten Faktor: eine Authenticator-App oder einen Passkey.',
      signIn: 'Mit zweitem Faktor anmelden',
      addPasskey: 'Passkey hinzufügen',
      locations: 'Standorte',
      profile: 'Mein Profil',
      needed: 'Zweiter Faktor nötig',
    },
    {
      language: 'en' as const,
      title: 'Second factor required',
      text: 'The practice “Zahnarztpraxis Dr. Sommer” requires a second factor at sign-in: an authenticator app or a passkey.',
      signIn: 'Sign in with a second factor',
      addPasskey: 'Add a passkey',
      locations: 'Locations',
      profile: 'My profile',
      needed: 'Second factor needed',
    },
  ])(
    'keeps a notice with both kinds of factor and marks the practice’s shortcuts ($language)',
    async (text) => {
      window.localStorage.setItem(LANGUAGE_KEY, text.language);
      fakePortal(clara);
      practiceRequiresSecondFactor();
      const { session } = await renderApp(ROUTES.dashboard);

      const notice = await screen.findByRole('region', { name: text.title });
      expect(notice.textContent).toContain(text.text);
      fireEvent.click(within(notice).getByRole('button', { name: text.signIn }));
      fireEvent.click(within(notice).getByRole('button', { name: text.addPasskey }));
      expect(session.accountActions).toEqual(['step-up', 'add-passkey']);

      const shortcuts = screen.getByRole('region', {
        name: text.language === 'de' ? 'Schnellzugriff' : 'Shortcuts',
      });
      const locations = within(shortcuts).getByRole('link', { name: text.locations });
      expect(locations.getAttribute('aria-describedby')).toMatch(/-badge /);
      expect(within(locations).getByText(text.needed)).toBeTruthy();
      const profile = within(shortcuts).getByRole('link', { name: text.profile });
      expect(within(profile).queryByText(text.needed)).toBeNull();
    },
  );

  it('shows neither the notice nor the marks while the practice answers', async () => {
    fakePortal(clara);
    await renderApp(ROUTES.dashboard);
    const shortcuts = await screen.findByRole('region', { name: 'Schnellzugriff' });
    // The startup's load of the locations has been answered, and nothing refused.
    await waitFor(() =>
      expect(requests.some((seen) => seen.url.pathname.endsWith('/Location/GetLocations'))).toBe(
        true,
      ),
    );
    expect(within(shortcuts).getByRole('link', { name: 'Standorte' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Zweiter Faktor erforderlich' })).toBeNull();
    expect(screen.queryByText('Zweiter Faktor nötig')).toBeNull();
  });
});
