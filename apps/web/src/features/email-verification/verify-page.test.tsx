import { screen, waitFor, within } from '@testing-library/react';

import { describe, expect, it } from 'vitest';
import { calls, ROUTES } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { clara } from '../../testing/demo-customers.ts';
import { fakeAccount, VALID_LINK } from '../../testing/fake-account.ts';
import { apiCalls, problem, server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const NEW_EMAIL = 'clara.neu@example.com';
const SAVE_ERROR =
  'Ihre Änderungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.';
const verifyCalls = () => apiCalls().filter(({ call }) => call === 'Customer/VerifyEmail');

function accountWithPendingChange() {
  const account = fakeAccount(clara);
  account.state.pendingEmail = NEW_EMAIL;
  server.use(...account.handlers);
  return account;
}

describe('/verify', () => {
  it('confirms the link exactly once, even in StrictMode, and shows the new address everywhere', async () => {
    const account = accountWithPendingChange();
    await renderApp(`${ROUTES.verify}?hash=${VALID_LINK}`, { strict: true });

    const confirmed = await screen.findByRole('status', {
      name: 'Ihre E-Mail-Adresse ist bestätigt',
    });
    expect(confirmed.textContent).toContain(`Ab sofort melden Sie sich mit ${NEW_EMAIL} an`);
    expect(account.state.verifications).toEqual([VALID_LINK]);
    expect(verifyCalls()).toHaveLength(1);
    // The used secret leaves the address; a reload shows the confirmation without a call.
    await waitFor(() => expect(window.location.search).toBe('?confirmed=1'));
    // The customer query was refetched: the startup's load and one after the change.
    await waitFor(() =>
      expect(apiCalls().filter(({ call }) => call === 'Customer/GetCustomerData')).toHaveLength(2),
    );
  });

  it('after a reload of the confirmation shows the address the customer has now, without a call', async () => {
    server.use(...fakeAccount({ ...clara, email: NEW_EMAIL }).handlers);
    await renderApp(`${ROUTES.verify}?confirmed=1`);

    expect(
      await screen.findByText(/Ab sofort melden Sie sich mit clara\.neu@example\.com an/),
    ).toBeTruthy();
    expect(verifyCalls()).toEqual([]);
  });

  it.each([
    ['link_invalid', 404, 'Der Link ist ungültig', true],
    ['link_expired', 410, 'Der Link ist abgelaufen', true],
    ['email_taken', 409, 'Die Adresse ist vergeben', true],
    ['link_used', 409, 'Der Link wurde bereits verwendet', false],
  ])(
    'explains %s, shows SAVE_ERROR and offers what to do next',
    async (code, status, title, offersNewLink) => {
      server.use(onCall(calls.customerVerifyEmail, () => problem(status, code)));
      await renderApp(`${ROUTES.verify}?hash=${VALID_LINK}`);

      const explanation = await screen.findByRole('alert', { name: title });
      expect(screen.getAllByRole('alert').some((a) => a.textContent === SAVE_ERROR)).toBe(true);
      expect(explanation.textContent).toContain(clara.email);
      const newLink = within(explanation).queryByRole('link', { name: 'Neuen Link anfordern' });
      expect(newLink?.getAttribute('href') ?? null).toBe(
        offersNewLink ? '/info?change=email' : null,
      );
      expect(within(explanation).getByRole('link', { name: 'Zum Profil' })).toBeTruthy();
      expect(verifyCalls()).toHaveLength(1);
    },
  );

  it('explains a page opened without a link, and calls nothing', async () => {
    await renderApp(ROUTES.verify);

    expect(await screen.findByText('Kein Bestätigungslink')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' }).getAttribute('href')).toBe(
      '/info?change=email',
    );
    expect(verifyCalls()).toEqual([]);
  });
});
