import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { calls, type SecondFactors, type WebConfiguration } from '@pp/contract';
import { ApiProvider } from '../../../lib/api/api-provider.tsx';
import { AuthContext, type Auth } from '../../../lib/auth/auth-context.ts';
import { WebConfigurationContext } from '../../../lib/auth/web-configuration.ts';
import { createI18n } from '../../../lib/i18n/i18n.ts';
import { onCall } from '../../../testing/call-handler.ts';
import { accountSecurityOf, server, webConfiguration } from '../../../testing/portal-server.ts';
import { SecondFactorMethods } from './second-factor-methods.tsx';

async function renderMethods(
  factors: SecondFactors,
  language = 'de',
  accountSecurity: WebConfiguration['accountSecurity'] = accountSecurityOf.embedded,
) {
  server.use(onCall(calls.securityGetSecondFactors, () => HttpResponse.json(factors)));
  /** Each action as its parameters' values (`configure-totp`), with where it returns to. */
  const actions: [string, string | undefined][] = [];
  const auth: Auth = {
    user: { subject: 'subject-1', email: 'clara.wolf@example.com', name: 'Clara Wolf' },
    getAccessToken: () => 'header.payload.signature',
    signIn: async () => undefined,
    switchAccount: async () => undefined,
    signOut: async () => undefined,
    runAccountAction: async (parameters, returnTo) => {
      actions.push([Object.values(parameters).join(' '), returnTo]);
    },
  };
  const i18n = await createI18n();
  await i18n.changeLanguage(language);
  render(
    <I18nextProvider i18n={i18n}>
      <WebConfigurationContext.Provider value={{ ...webConfiguration, accountSecurity }}>
        <AuthContext.Provider value={auth}>
          <ApiProvider>
            <MantineProvider>
              <QueryClientProvider client={new QueryClient()}>
                <SecondFactorMethods />
              </QueryClientProvider>
            </MantineProvider>
          </ApiProvider>
        </AuthContext.Provider>
      </WebConfigurationContext.Provider>
    </I18nextProvider>,
  );
  return actions;
}

describe('SecondFactorMethods', () => {
  it('offers to set up an authenticator app and starts pp_action back to /security', async () => {
    const actions = await renderMethods({
      provider: 'embedded',
      totp: null,
      recoveryCodesLeft: 0,
      passkeys: [],
    });
    expect(await screen.findByText('Nicht eingerichtet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Authenticator-App einrichten' }));
    expect(actions).toEqual([['configure-totp', '/security']]);
  });

  it('shows since when the app is set up and the codes left, with new codes and removal', async () => {
    const actions = await renderMethods(
      {
        provider: 'embedded',
        totp: { confirmedAt: '2026-11-26T21:00:00.000Z' },
        recoveryCodesLeft: 7,
        passkeys: [],
      },
      'en',
    );
    expect(await screen.findByText('Set up on 26.11.2026')).toBeTruthy();
    expect(screen.getByText('Unused recovery codes: 7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove the authenticator app' }));
    expect(actions.map(([action]) => action)).toEqual(['new-recovery-codes', 'remove-totp']);
  });

  it('lists the passkeys with date added and last use, adds one, and removes one after asking', async () => {
    const id = '6f1c2a4e-8d7b-4c3a-9e1f-2b3c4d5e6f70';
    const actions = await renderMethods({
      provider: 'embedded',
      totp: null,
      recoveryCodesLeft: 0,
      passkeys: [
        {
          id,
          name: 'Laptop im Büro',
          createdAt: '2026-11-20T08:00:00.000Z',
          lastUsedAt: '2026-11-26T20:30:00.000Z',
        },
        {
          id: '7a2d3b5f-9e8c-4d4b-8f2a-3c4d5e6f7081',
          name: 'Handy',
          createdAt: '2026-11-25T08:00:00.000Z',
          lastUsedAt: null,
        },
      ],
    });
    expect(await screen.findByText('Laptop im Büro')).toBeTruthy();
    expect(screen.getByText('Hinzugefügt am 20.11.2026')).toBeTruthy();
    expect(screen.getByText(/^Zuletzt verwendet: 26\.11\.2026/)).toBeTruthy();
    expect(screen.getByText('Noch nicht verwendet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Passkey hinzufügen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Passkey „Laptop im Büro“ entfernen' }));
    // Nothing runs before the dialog is confirmed.
    expect(actions.map(([action]) => action)).toEqual(['add-passkey']);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Möchten Sie den Passkey „Laptop im Büro“ entfernen?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    expect(actions).toEqual([
      ['add-passkey', '/security'],
      [`remove-passkey ${id}`, '/security'],
    ]);
  });

  it('says there is no passkey yet (English)', async () => {
    await renderMethods(
      { provider: 'embedded', totp: null, recoveryCodesLeft: 0, passkeys: [] },
      'en',
    );
    expect(await screen.findByText(/^No passkey yet\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeTruthy();
  });

  const EXTERNAL: SecondFactors = {
    provider: 'external',
    totp: null,
    recoveryCodesLeft: null,
    passkeys: null,
  };

  it('says a generic provider manages them, with nothing to start', async () => {
    await renderMethods(EXTERNAL, 'de', accountSecurityOf.generic);
    expect(await screen.findByText(/verwaltet Ihr Anmeldedienst/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("Keycloak: links to the account console's signing-in page and starts kc_action", async () => {
    const actions = await renderMethods(EXTERNAL, 'de', accountSecurityOf.keycloak);
    expect(await screen.findByText(/Das Portal erfährt nur, ob Ihre Anmeldung/)).toBeTruthy();
    const page = screen.getByRole('link', {
      name: 'Anmeldemethoden beim Anmeldedienst verwalten (neuer Tab)',
    });
    expect(page.getAttribute('href')).toBe(accountSecurityOf.keycloak.pageUrl);
    expect(page.getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Authenticator-App einrichten' }));
    fireEvent.click(screen.getByRole('button', { name: 'Passkey hinzufügen' }));
    expect(actions).toEqual([
      ['CONFIGURE_TOTP', '/security'],
      ['webauthn-register-passwordless', '/security'],
    ]);
    // Nothing the portal cannot know: no state, no removal, no sign-in of its own.
    expect(screen.queryByText('Nicht eingerichtet')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mit zweitem Faktor anmelden' })).toBeNull();
  });

  it('Entra ID: links to My Sign-Ins and signs in with the authentication context', async () => {
    const actions = await renderMethods(EXTERNAL, 'en', accountSecurityOf.entra);
    const page = await screen.findByRole('link', {
      name: 'Manage your sign-in methods at your sign-in service (new tab)',
    });
    expect(page.getAttribute('href')).toBe('https://mysignins.microsoft.com/security-info');
    expect(screen.getByText(/first sets one up if you have none yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a second factor' }));
    expect(actions).toEqual([
      ['{"access_token":{"acrs":{"essential":true,"value":"c1"}}}', '/security'],
    ]);
  });

  it('Auth0: no page of its own, a sign-in that asks for (and enrolls) a second factor', async () => {
    const actions = await renderMethods(EXTERNAL, 'de', accountSecurityOf.auth0);
    fireEvent.click(await screen.findByRole('button', { name: 'Mit zweitem Faktor anmelden' }));
    expect(screen.queryByRole('link')).toBeNull();
    expect(actions).toEqual([
      ['http://schemas.openid.net/pape/policies/2007/06/multi-factor', '/security'],
    ]);
  });
});
