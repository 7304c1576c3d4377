import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { calls, NEWSLETTER_CONSENT_VERSION, ROUTES, type Preferences } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { clara, picklists } from '../../testing/demo-customers.ts';
import { fakeAccount } from '../../testing/fake-account.ts';
import { server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const SAVE_ERROR =
  'Ihre Änderungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.';
const GET_ERROR = 'Die Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.';
const UPDATE = calls.preferencesUpdatePreferences;

const withNewsletterLists = {
  ...picklists,
  newsletterDistributor: {
    values: [
      { value: 'PRODUCT_NEWS', label: 'Produktneuheiten' },
      { value: 'OFFERS', label: 'Angebote und Aktionen' },
    ],
  },
  newsletterInterests: {
    values: [
      { value: 'HYGIENE', label: 'Hygiene' },
      { value: 'PROPHYLAXIS', label: 'Prophylaxe' },
    ],
  },
};

async function openNewsletter(preferences?: Preferences) {
  const account = fakeAccount(clara, preferences);
  server.use(
    ...account.handlers,
    onCall(calls.customerGetPicklists, () => HttpResponse.json(withNewsletterLists)),
  );
  await renderApp(ROUTES.newsletter);
  await screen.findByRole('form', { name: 'Newsletter-Einstellungen' });
  return account;
}

const subscribe = () => screen.getByRole('checkbox', { name: /Ja, ich möchte den Newsletter/ });
const box = (name: string) => screen.getByRole('checkbox', { name });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
const consent = () => screen.getByRole('region', { name: 'Ihre Einwilligung' });

describe('/newsletter', () => {
  it('shows the consent wording with its version and the consent on record in de-DE format', async () => {
    await openNewsletter({
      subscribed: true,
      distributors: ['OFFERS'],
      interests: [],
      consent: { wordingVersion: NEWSLETTER_CONSENT_VERSION, recordedAt: '2026-11-22T13:05:00Z' },
      pending: null,
    });

    expect((subscribe() as HTMLInputElement).checked).toBe(true);
    expect((box('Angebote und Aktionen') as HTMLInputElement).checked).toBe(true);
    const wording = document.getElementById(subscribe().getAttribute('aria-describedby') ?? '');
    expect(wording?.textContent).toContain('Sie können Ihre Einwilligung jederzeit');
    expect(wording?.textContent).toContain('(Einwilligungstext in der Fassung vom 22.11.2026)');
    expect(consent().textContent).toContain(
      'Ihre Einwilligung wurde zuletzt am 22.11.2026 um 14:05 Uhr gespeichert',
    );
  });

  it('subscribes with the chosen lists under the current wording: pending until confirmed, with a resend', async () => {
    const account = await openNewsletter();
    expect(consent().textContent).toContain('Sie haben bisher keine Einwilligung erteilt.');
    expect((box('Produktneuheiten') as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(subscribe());
    fireEvent.click(box('Produktneuheiten'));
    fireEvent.click(box('Prophylaxe'));
    save();

    expect(await screen.findByText('Ihre Änderungen wurden gespeichert.')).toBeTruthy();
    expect(account.state.preferenceUpdates).toEqual([
      {
        subscribed: true,
        distributors: ['PRODUCT_NEWS'],
        interests: ['PROPHYLAXIS'],
        wordingVersion: NEWSLETTER_CONSENT_VERSION,
      },
    ]);
    // Double opt-in (decision 0077): nothing counts until the mail's link is confirmed.
    expect(await screen.findByText('Bestätigung ausstehend')).toBeTruthy();
    expect(consent().textContent).toContain('Sie haben bisher keine Einwilligung erteilt.');
    expect((subscribe() as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'E-Mail erneut senden' }));
    expect(await screen.findByText(/Wir haben die E-Mail erneut gesendet/)).toBeTruthy();
    expect(account.state.resent).toBe(1);

    fireEvent.click(subscribe());
    save();
    await waitFor(() => expect(consent().textContent).toMatch(/Newsletter am .* abbestellt/));
    expect(screen.queryByText('Bestätigung ausstehend')).toBeNull();
    expect(account.state.preferenceUpdates).toHaveLength(2);
  });

  it('asks for at least one newsletter before subscribing', async () => {
    const account = await openNewsletter();
    fireEvent.click(subscribe());
    save();

    const group = await screen.findByRole('group', {
      name: 'Welche Newsletter möchten Sie erhalten?',
    });
    await waitFor(() => expect(group.getAttribute('aria-describedby')).toBeTruthy());
    expect(
      within(document.body).getByText('Bitte wählen Sie mindestens einen Newsletter aus.'),
    ).toBeTruthy();
    expect(account.state.preferenceUpdates).toEqual([]);
  });

  it('keeps the choice and shows SAVE_ERROR when the save fails', async () => {
    await openNewsletter();
    server.use(onCall(UPDATE, () => HttpResponse.json({}, { status: 500 })));

    fireEvent.click(subscribe());
    fireEvent.click(box('Angebote und Aktionen'));
    save();

    expect(await screen.findByText(SAVE_ERROR)).toBeTruthy();
    expect((subscribe() as HTMLInputElement).checked).toBe(true);
    expect((box('Angebote und Aktionen') as HTMLInputElement).checked).toBe(true);
  });

  it('shows GET_ERROR when the preferences cannot be loaded, and loads them on request', async () => {
    const account = fakeAccount(clara);
    server.use(...account.handlers);
    server.use(
      onCall(calls.preferencesGetCurrentPreferences, () => HttpResponse.json({}, { status: 503 })),
    );
    await renderApp(ROUTES.newsletter);

    // The toast, and the message where the form would be, with a way to try again.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        `${GET_ERROR} Erneut versuchen`,
        GET_ERROR,
      ]),
    );

    server.use(...account.handlers);
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('form', { name: 'Newsletter-Einstellungen' })).toBeTruthy();
  });
});
