import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { calls, type Customer, type DeleteAccount, type SecondFactors } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { anna, SOMMER_ID } from '../../testing/demo-customers.ts';
import { server } from '../../testing/portal-server.ts';
import { problem } from '../../testing/problem.ts';
import { renderApp } from '../../testing/render-app.tsx';

const EMBEDDED_WITH_APP: SecondFactors = {
  provider: 'embedded',
  totp: { confirmedAt: '2026-11-26T21:00:00.000Z' },
  recoveryCodesLeft: 8,
  passkeys: [],
};

/** /security for Anna, superadmin of Praxis Sommer, whose deletion answers `answer`. */
function securityOfAnna(
  factors: SecondFactors,
  answer: (body: DeleteAccount) => Response,
  customer: Customer = anna,
) {
  const sent: DeleteAccount[] = [];
  server.use(
    onCall(calls.customerGetCustomerData, () => HttpResponse.json(customer)),
    onCall(calls.securityGetSecondFactors, () => HttpResponse.json(factors)),
    onCall(calls.securityGetSessions, () =>
      HttpResponse.json({ managedByProvider: false, providerUrl: null, sessions: [] }),
    ),
    onCall(calls.securityGetSignIns, () =>
      HttpResponse.json({ managedByProvider: false, providerUrl: null, signIns: [] }),
    ),
    onCall(calls.customerDeleteAccount, async ({ request }) => {
      const body = (await request.json()) as DeleteAccount;
      sent.push(body);
      return answer(body);
    }),
  );
  return sent;
}

async function openDialog() {
  const section = await screen.findByRole('region', { name: 'Konto löschen' });
  fireEvent.click(within(section).getByRole('button', { name: 'Konto löschen …' }));
  return screen.findByRole('dialog', { name: 'Konto löschen' });
}

describe('deleting the account on /security', () => {
  it('asks for the password and the code, and explains a refusal for the superadmin', async () => {
    const sent = securityOfAnna(EMBEDDED_WITH_APP, () => problem(409, 'hand_over_required'));
    await renderApp('/security');
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('Das Löschen kann nicht rückgängig gemacht werden.');
    const confirm = within(dialog).getByRole('button', { name: 'Konto endgültig löschen' });
    // Nothing is sent without the password.
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Ihr Passwort/), {
      target: { value: 'Geheim-2026' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Code Ihrer Authenticator-App/), {
      target: { value: '123 456' },
    });
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: /Zahnarztpraxis Dr\. Sommer.*löschen/ }),
    );
    fireEvent.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('Bitte übergeben Sie die Hauptadministration zuerst'),
    );
    expect(sent).toEqual([
      { password: 'Geheim-2026', code: '123 456', deletePractices: [SOMMER_ID] },
    ]);
    expect(
      within(dialog).getByRole('link', { name: /Hauptadministration von .* übergeben/ }),
    ).toHaveProperty('href', expect.stringContaining('/my-practice/employees-overview'));
  });

  it('names a practice with other members instead of offering to delete it (issue 43)', async () => {
    const sommerWithMembers: Customer = {
      ...anna,
      associatedCompanies: {
        companyVms: anna.associatedCompanies.companyVms.map((vm) =>
          vm.companyId === SOMMER_ID ? { ...vm, mayDeleteWithAccount: false } : vm,
        ),
      },
    };
    const sent = securityOfAnna(
      EMBEDDED_WITH_APP,
      () => problem(500, 'internal_error'),
      sommerWithMembers,
    );
    const { i18n } = await renderApp('/security');
    const dialog = await openDialog();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).queryByLabelText(/^Ihr Passwort/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Konto endgültig löschen' })).toBeNull();
    expect(dialog.textContent).toContain(
      'Ihr Konto kann noch nicht gelöscht werden: „Zahnarztpraxis Dr. Sommer“ hat weitere Mitglieder.',
    );
    expect(
      within(dialog).getByRole('link', {
        name: 'Hauptadministration von „Zahnarztpraxis Dr. Sommer“ übergeben',
      }),
    ).toBeTruthy();
    // The close button in the header and the one in the footer: nothing is left to cancel.
    expect(within(dialog).getAllByRole('button', { name: 'Schließen' })).toHaveLength(2);

    await act(() => i18n.changeLanguage('en'));
    expect(dialog.textContent).toContain(
      'Your account cannot be deleted yet: “Zahnarztpraxis Dr. Sommer” has other members.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Delete account for good' })).toBeNull();
    expect(sent).toEqual([]);
  });

  it('signs out once the account is deleted', async () => {
    securityOfAnna({ ...EMBEDDED_WITH_APP, totp: null }, () =>
      HttpResponse.json({
        status: 'deleted',
        providerAccountClosed: true,
        providerAccountUrl: null,
      }),
    );
    const { session } = await renderApp('/security');
    const dialog = await openDialog();
    expect(within(dialog).queryByLabelText(/^Code Ihrer Authenticator-App/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/^Ihr Passwort/), {
      target: { value: 'Geheim-2026' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Konto endgültig löschen' }));
    await waitFor(() => expect(session.signOuts).toBe(1));
  });

  it('with an external provider asks for a new sign-in there, and names its account page', async () => {
    securityOfAnna(
      { provider: 'external', totp: null, recoveryCodesLeft: null, passkeys: null },
      () =>
        HttpResponse.json({
          status: 'deleted',
          providerAccountClosed: false,
          providerAccountUrl: 'https://sso.example.com/realms/praxis/account',
        }),
    );
    const { session } = await renderApp('/security');
    const dialog = await openDialog();
    expect(within(dialog).queryByLabelText(/^Ihr Passwort/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erneut anmelden' }));
    expect(session.accountActionParameters).toEqual([{ max_age: '0' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Konto endgültig löschen' }));
    const link = await screen.findByRole('link', { name: /Kontoseite Ihres Anmeldedienstes/ });
    expect(link).toHaveProperty('href', 'https://sso.example.com/realms/praxis/account');
    expect(session.signOuts).toBe(0);
  });
});
