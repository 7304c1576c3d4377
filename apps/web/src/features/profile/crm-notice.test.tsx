import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { calls, ROUTES, type CustomerNotice } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { clara } from '../../testing/demo-customers.ts';
import { fakeAccount } from '../../testing/fake-account.ts';
import { apiCalls, server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { LANGUAGE_KEY } from '../../lib/i18n/i18n.ts';

const GERMAN = 'Nicht alle Ihre Änderungen wurden übernommen';
const ENGLISH = 'Not all of your changes were kept';

const notice = (id: number, fields: string[]): CustomerNotice => ({
  id,
  fields,
  at: '2026-11-27T09:30:00.000Z',
});

/** The profile with these notices waiting; GetNotices answers none once they are dismissed. */
async function openProfile(notices: CustomerNotice[]) {
  let waiting = notices;
  server.use(
    ...fakeAccount(clara).handlers,
    onCall(calls.customerGetNotices, () => HttpResponse.json({ notices: waiting })),
    onCall(calls.customerDismissNotices, () => {
      const dismissed = waiting.length;
      waiting = [];
      return HttpResponse.json({ dismissed });
    }),
  );
  const visit = async () => {
    await renderApp(ROUTES.info);
    await screen.findByRole('form', {
      name: /^(Persönliche Angaben bearbeiten|Edit personal details)$/,
    });
  };
  await visit();
  return visit;
}

const noticeLoads = () => apiCalls().filter(({ call }) => call === 'Customer/GetNotices');
const dismissCalls = () => apiCalls().filter(({ call }) => call === 'Customer/DismissNotices');

describe('the notice of changes the CRM kept its value for', () => {
  it('names the fields with the form’s labels, above the form, and goes away with “Verstanden”', async () => {
    await openProfile([notice(2, ['lastName', 'phone']), notice(1, ['phone'])]);

    const alert = await screen.findByRole('status', { name: GERMAN });
    expect(alert.textContent).toContain(
      'Sie haben „Nachname“ und „Telefon“ geändert, während dieselben Angaben in unserem Kundensystem bearbeitet wurden.',
    );
    expect(alert.textContent).toContain('Bitte prüfen Sie diese Angaben');
    const form = screen.getByRole('form', { name: 'Persönliche Angaben bearbeiten' });
    expect(alert.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: 'Verstanden' }));

    await waitFor(() => expect(screen.queryByRole('status', { name: GERMAN })).toBeNull());
    await waitFor(() => expect(dismissCalls()).toHaveLength(1));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('does not come back on the next visit once dismissed', async () => {
    const visit = await openProfile([notice(1, ['firstName'])]);
    fireEvent.click(await screen.findByRole('button', { name: 'Verstanden' }));
    await waitFor(() => expect(dismissCalls()).toHaveLength(1));

    cleanup();
    await visit();
    await waitFor(() => expect(noticeLoads()).toHaveLength(2));
    expect(screen.queryByRole('status', { name: GERMAN })).toBeNull();
  });

  it('shows nothing without notices', async () => {
    await openProfile([]);
    await waitFor(() => expect(noticeLoads()).toHaveLength(1));
    expect(screen.queryByRole('status', { name: GERMAN })).toBeNull();
  });

  it('speaks English, with a generic word for a field it has no label for', async () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'en');
    await openProfile([notice(3, ['somethingNew', 'newsletterInterests', 'salutation'])]);

    const alert = await screen.findByRole('status', { name: ENGLISH });
    expect(alert.textContent).toContain(
      'You changed “Salutation”, “Newsletter settings”, and other details while the same details were being edited in our customer system.',
    );
    fireEvent.click(within(alert).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: ENGLISH })).toBeNull());
  });
});
