import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { calls, ROUTES } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { clara } from '../../testing/demo-customers.ts';
import { fakeAccount } from '../../testing/fake-account.ts';
import { apiCalls, problem, server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const SAVE_ERROR =
  'Ihre Änderungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.';
const UPDATE = calls.customerUpdateCustomerData;

const field = (name: string) =>
  screen.getByLabelText<HTMLInputElement | HTMLSelectElement>(new RegExp(`^${name}`));
const type = (name: string, value: string) => {
  fireEvent.change(field(name), { target: { value } });
  fireEvent.blur(field(name));
};
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
const errorOf = (name: string) => {
  const ids = field(name).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' | ');
};

async function openProfile(customer = clara) {
  const account = fakeAccount(customer);
  server.use(...account.handlers);
  await renderApp(ROUTES.info);
  await screen.findByRole('form', { name: 'Persönliche Angaben bearbeiten' });
  return account;
}

describe('the profile form', () => {
  it('shows the stored data, empty selects as their empty entry', async () => {
    await openProfile({
      ...clara,
      title: 'DR_MED',
      dateOfBirth: '1990-03-07',
      phone: '030 123456',
    });

    expect(field('Anrede').value).toBe('FRAU');
    expect(field('Titel').value).toBe('DR_MED');
    expect(field('Vorname').value).toBe('Clara');
    expect(field('Geburtsdatum').value).toBe('07.03.1990');
    expect(field('Telefon').value).toBe('030 123456');
    expect(field('Position in der Praxis').value).toBe('UNDEFINED');
    expect(within(field('Titel')).getAllByRole('option')[0]?.textContent).toBe('Keine Auswahl');
    expect(field('Bevorzugte Sprache').value).toBe('de');
  });

  it('saves only the editable fields, UNDEFINED as null, a typed date as ISO, and every screen follows', async () => {
    const account = await openProfile({ ...clara, title: 'DR' });

    fireEvent.change(field('Anrede'), { target: { value: 'UNDEFINED' } });
    fireEvent.change(field('Titel'), { target: { value: 'UNDEFINED' } });
    type('Vorname', 'Clarissa');
    type('Geburtsdatum', '7/3/1990');
    expect(field('Geburtsdatum').value).toBe('07.03.1990');
    type('Telefon', '+49 30 9876543');
    fireEvent.change(field('Beruf'), { target: { value: 'DENTIST' } });
    save();

    expect(await screen.findByText('Ihre Änderungen wurden gespeichert.')).toBeTruthy();
    expect(account.state.updates).toEqual([
      {
        salutation: null,
        title: null,
        firstName: 'Clarissa',
        lastName: 'Wolf',
        phone: '+49 30 9876543',
        position: null,
        profession: 'DENTIST',
        otherIndustry: null,
        dateOfBirth: '1990-03-07',
        preferredLanguage: 'de',
      },
    ]);
    await waitFor(() =>
      expect(apiCalls().filter(({ call }) => call === 'Customer/GetCustomerData')).toHaveLength(2),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Benutzermenü' }));
    expect(await screen.findByText('Clarissa Wolf')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Änderungen verwerfen' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('checks the input inline, in the interface language, and sends nothing while it is wrong', async () => {
    const account = await openProfile();

    type('Vorname', '   ');
    type('Geburtsdatum', '31.02.1990');
    type('Telefon', 'ruf mich an');
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    expect(errorOf('Vorname')).toContain('Bitte füllen Sie dieses Feld aus.');
    expect(field('Vorname').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('Geburtsdatum')).toContain(
      'Bitte geben Sie ein mögliches Datum im Format TT.MM.JJJJ ein.',
    );
    expect(errorOf('Telefon')).toContain(
      'Bitte geben Sie eine gültige Telefonnummer mit Vorwahl ein.',
    );

    // A possible date in the future is not a format error (issue 22).
    type('Geburtsdatum', '01.01.2999');
    await waitFor(() => expect(errorOf('Geburtsdatum')).toContain('liegt in der Zukunft'));

    save();
    await waitFor(() => expect(document.activeElement).toBe(field('Vorname')));
    expect(account.state.updates).toEqual([]);

    // Switching the language keeps the input and translates the errors shown.
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByText('Please fill in this field.')).toBeTruthy();
    expect(field('First name').value).toBe('   ');
    expect(field('Phone').value).toBe('ruf mich an');
    // The header saved the language; the field nobody touched follows.
    await waitFor(() => expect(field('Preferred language').value).toBe('en'));
  });

  it('refuses an address or an invisible character in a name, in both languages (issue 23)', async () => {
    const account = await openProfile();

    type('Vorname', 'Bitte Konto bestätigen: https://evil.example/verify');
    type('Nachname', 'Wolf\u202e');
    await waitFor(() =>
      expect(errorOf('Vorname')).toContain(
        'Bitte geben Sie hier keine Web- oder E-Mail-Adresse ein.',
      ),
    );
    expect(errorOf('Nachname')).toContain('nicht erlaubt ist, etwa ein unsichtbares Steuerzeichen');
    save();
    await waitFor(() => expect(document.activeElement).toBe(field('Vorname')));
    expect(account.state.updates).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() =>
      expect(errorOf('First name')).toContain('Please do not enter a web or e-mail address here.'),
    );
    expect(errorOf('Last name')).toContain('such as an invisible control character');
  });

  it('keeps the input and shows SAVE_ERROR when the save fails', async () => {
    await openProfile();
    server.use(onCall(UPDATE, () => HttpResponse.json({}, { status: 500 })));

    type('Nachname', 'Wolf-Berger');
    save();

    expect(await screen.findByText(SAVE_ERROR)).toBeTruthy();
    expect(field('Nachname').value).toBe('Wolf-Berger');
    expect(
      screen.getByRole('button', { name: 'Änderungen verwerfen' }).hasAttribute('disabled'),
    ).toBe(false);
  });

  it('says at once that a save without a connection was not made, and keeps the input (issue 22, point 13)', async () => {
    await openProfile();
    server.use(onCall(UPDATE, () => HttpResponse.error()));

    type('Nachname', 'Wolf-Berger');
    save();

    expect(
      await screen.findByText(
        /^Keine Verbindung zum Server: Ihre Änderungen wurden nicht gespeichert\./,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(SAVE_ERROR)).toBeNull();
    expect(field('Nachname').value).toBe('Wolf-Berger');
    expect(screen.getByRole('button', { name: 'Speichern' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the api’s field errors at their fields', async () => {
    await openProfile();
    server.use(
      onCall(UPDATE, () =>
        problem(400, 'validation_failed', [{ field: 'body.phone', code: 'invalid_phone' }]),
      ),
    );

    type('Telefon', '0301234567');
    save();

    await waitFor(() => expect(errorOf('Telefon')).toContain('gültige Telefonnummer'));
    expect(document.activeElement).toBe(field('Telefon'));
    expect(screen.getByText(SAVE_ERROR)).toBeTruthy();
    expect(field('Telefon').value).toBe('0301234567');
  });

  it('shows the wait and sends one save however often the user submits', async () => {
    const account = await openProfile();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      onCall(UPDATE, async () => {
        await released;
        await delay(1);
        return HttpResponse.json(account.state.customer);
      }),
    );

    type('Vorname', 'Clarissa');
    save();
    const button = screen.getByRole('button', { name: 'Speichern' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    fireEvent.submit(screen.getByRole('form', { name: 'Persönliche Angaben bearbeiten' }));
    save();
    release();

    expect(await screen.findByText('Ihre Änderungen wurden gespeichert.')).toBeTruthy();
    expect(apiCalls().filter(({ call }) => call === 'Customer/UpdateCustomerData')).toHaveLength(1);
  });
});
