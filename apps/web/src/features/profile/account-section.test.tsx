import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { calls, ROUTES } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { clara } from '../../testing/demo-customers.ts';
import { fakeAccount } from '../../testing/fake-account.ts';
import { apiCalls, problem, server, webConfiguration } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const SAVE_ERROR =
  'Ihre Änderungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.';
const NOT_AVAILABLE = /weil der Anmeldedienst sie nicht anbietet/;
const UPDATE_EMAIL = calls.customerUpdateEmail;

const emailCalls = () => apiCalls().filter(({ call }) => call === 'Customer/UpdateEmail');
/** The error the input is described by (Mantine names its element `<id>-error`). */
const fieldErrors = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

async function openDialog(path: string = ROUTES.info) {
  const account = fakeAccount(clara);
  server.use(...account.handlers);
  await renderApp(path);
  if (path === ROUTES.info) {
    fireEvent.click(await screen.findByRole('button', { name: 'E-Mail-Adresse ändern' }));
  }
  const dialog = await screen.findByRole('dialog', { name: 'E-Mail-Adresse ändern' });
  const input = within(dialog).getByLabelText<HTMLInputElement>(/^Neue E-Mail-Adresse/);
  const submit = (value: string) => {
    fireEvent.change(input, { target: { value } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bestätigungslink senden' }));
  };
  return { account, dialog, input, submit };
}

describe('changing the e-mail address', () => {
  it('sends the new address and says that nothing changes until it is confirmed', async () => {
    const { account, input, submit } = await openDialog();
    await waitFor(() => expect(document.activeElement).toBe(input));

    submit('  Clara.Neu@Example.com ');

    const notice = await screen.findByRole('status', {
      name: 'Bitte bestätigen Sie Ihre neue Adresse',
    });
    expect(notice.textContent).toContain(
      'Wir haben einen Bestätigungslink an clara.neu@example.com gesendet.',
    );
    expect(account.state.emailRequests).toEqual(['clara.neu@example.com']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(clara.email)).toBeTruthy();
  });

  it.each([
    ['praxis@zahnarzt-wolf.de', 'kein gemeinsames Postfach'],
    ['Info+neu@zahnarzt-wolf.de', 'kein gemeinsames Postfach'],
    ['CLARA.WOLF@example.com', 'Das ist bereits Ihre aktuelle Angabe.'],
    ['clara.wolf@', 'gültige E-Mail-Adresse'],
    ['', 'Bitte füllen Sie dieses Feld aus.'],
  ])('refuses %s in the browser', async (value, text) => {
    const { input, submit } = await openDialog();
    submit(value);

    await waitFor(() => expect(fieldErrors(input)).toContain(text));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(emailCalls()).toEqual([]);
  });

  it('refuses the fallback alias "info" when the list could not be loaded', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(onCall(calls.utilityEmailProhibitedAlias, () => HttpResponse.error()));
    const { input, submit } = await openDialog();

    submit('info@zahnarzt-wolf.de');
    await waitFor(() => expect(fieldErrors(input)).toContain('kein gemeinsames Postfach'));
    submit('praxis@zahnarzt-wolf.de');
    await waitFor(() => expect(emailCalls()).toHaveLength(1));
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it.each(['prohibited_alias', 'unchanged', 'invalid_email'])(
    'shows the api’s %s at the input, with SAVE_ERROR',
    async (code) => {
      const { input, submit } = await openDialog();
      server.use(
        onCall(UPDATE_EMAIL, () =>
          problem(400, 'validation_failed', [{ field: 'query.newEmail', code }]),
        ),
      );
      submit('clara.neu@example.com');

      await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
      expect(fieldErrors(input)).not.toBe('');
      expect(screen.getByText(SAVE_ERROR)).toBeTruthy();
      expect(input.value).toBe('clara.neu@example.com');
    },
  );

  it('explains when the identity provider does not offer it, without a toast', async () => {
    const { dialog, submit } = await openDialog();
    server.use(onCall(UPDATE_EMAIL, () => problem(409, 'not_available')));
    submit('clara.neu@example.com');

    expect((await within(dialog).findByRole('alert')).textContent).toMatch(NOT_AVAILABLE);
    expect(screen.queryByText(SAVE_ERROR)).toBeNull();
  });

  it('opens from a link to /info?change=email, once', async () => {
    await openDialog(`${ROUTES.info}?change=email`);
    await waitFor(() => expect(window.location.search).toBe(''));
  });
});

describe('changing the password', () => {
  it('says that a mail with a link went to the customer’s address', async () => {
    server.use(...fakeAccount(clara).handlers);
    await renderApp(ROUTES.info);
    fireEvent.click(await screen.findByRole('button', { name: 'Passwort ändern' }));

    const notice = await screen.findByRole('status', { name: 'E-Mail ist unterwegs' });
    expect(notice.textContent).toContain(`mit einem Link an ${clara.email} gesendet`);
    expect(apiCalls().filter(({ call }) => call === 'Customer/ChangePassword')).toHaveLength(1);
  });

  it('explains when the identity provider does not offer it, and shows SAVE_ERROR for a failure', async () => {
    server.use(...fakeAccount(clara).handlers);
    server.use(onCall(calls.customerChangePassword, () => problem(409, 'not_available')));
    await renderApp(ROUTES.info);
    const button = await screen.findByRole('button', { name: 'Passwort ändern' });
    fireEvent.click(button);

    expect(await screen.findByText(NOT_AVAILABLE)).toBeTruthy();
    expect(screen.queryByText(SAVE_ERROR)).toBeNull();

    server.use(onCall(calls.customerChangePassword, () => problem(503, 'service_unavailable')));
    fireEvent.click(button);
    expect(await screen.findByText(SAVE_ERROR)).toBeTruthy();
  });
});

describe('with a provider the portal does not administer (Entra ID)', () => {
  const selfService = {
    passwordUrl: 'https://mysignins.microsoft.com/security-info/password/change',
    accountUrl: 'https://myaccount.microsoft.com/',
  };

  it('links to the provider’s own pages instead of offering the portal’s requests', async () => {
    server.use(...fakeAccount(clara).handlers);
    await renderApp(`${ROUTES.info}?change=email`, {
      configuration: { ...webConfiguration, selfService },
    });

    const password = await screen.findByRole('link', {
      name: 'Passwort beim Anmeldedienst ändern',
    });
    expect(password.getAttribute('href')).toBe(selfService.passwordUrl);
    expect(password.getAttribute('target')).toBe('_blank');
    const account = screen.getByRole('link', { name: 'Konto beim Anmeldedienst verwalten' });
    expect(account.getAttribute('href')).toBe(selfService.accountUrl);
    expect(screen.queryByRole('button', { name: 'Passwort ändern' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'E-Mail-Adresse ändern' })).toBeNull();
    // A link to /info?change=email opens no dialog the provider would refuse.
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
