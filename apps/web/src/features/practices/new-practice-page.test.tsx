import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { describe, expect, it } from 'vitest';
import { calls, ROUTES } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { newcomer } from '../../testing/demo-customers.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { problem, server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const SAVE_ERROR =
  'Ihre Änderungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.';

const form = () =>
  within(screen.getByRole('form', { name: 'Verbindung mit einer Praxis anfragen' }));
const type = (name: RegExp, value: string) => {
  const input = form().getByRole('textbox', { name });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};
const ask = () => fireEvent.click(form().getByRole('button', { name: 'Verbindung anfragen' }));

async function openNewPractice() {
  const portal = fakePortal(newcomer);
  await renderApp(ROUTES.newPractice);
  await screen.findByRole('heading', { level: 1, name: 'Neue Praxis' });
  return portal;
}

describe('/my-practice/new-practice', () => {
  it('offers to add a practice or to connect to one', async () => {
    await openNewPractice();
    expect(screen.getByRole('link', { name: 'Praxis anlegen' }).getAttribute('href')).toBe(
      ROUTES.newPracticeAdd,
    );
    expect(screen.getByRole('region', { name: 'Mit bestehender Praxis verbinden' })).toBeTruthy();
  });

  it('checks the customer number’s format and sends nothing', async () => {
    const portal = await openNewPractice();
    type(/^Kundennummer/, '900002');
    ask();

    expect(await screen.findByText(/^Bitte geben Sie die Kundennummer so ein/)).toBeTruthy();
    expect(screen.getByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    expect(portal.practices.connects).toEqual([]);
  });

  it('catches a typo in a customer number by its check digit and sends nothing', async () => {
    const portal = await openNewPractice();
    // P-1234567894 is valid; two digits swapped no longer fit the check digit.
    type(/^Kundennummer/, 'P-2134567894');
    type(/^Postleitzahl/, '20457');
    ask();

    expect(await screen.findByText(/^Diese Kundennummer enthält einen Tippfehler/)).toBeTruthy();
    expect(portal.practices.connects).toEqual([]);
  });

  it('asks to connect, says the administrators were asked, and shows the request only as typed', async () => {
    const portal = await openNewPractice();
    type(/^Kundennummer/, ' p-900002 ');
    type(/^Postleitzahl/, '20457');
    ask();

    const sent = await screen.findByRole('status', { name: 'Ihre Anfrage ist eingegangen' });
    expect(sent.textContent).toContain('bitten wir deren Administration');
    expect(portal.practices.connects).toEqual([
      { customerNumber: 'P-900002', postalCode: '20457' },
    ]);
    expect((form().getByRole('textbox', { name: /^Kundennummer/ }) as HTMLInputElement).value).toBe(
      '',
    );

    fireEvent.click(within(sent).getByRole('link', { name: 'Zu „Meine Praxis“' }));
    const requests = await screen.findByRole('region', { name: 'Gesendete Anfragen' });
    await waitFor(() =>
      expect(requests.textContent).toContain('Kundennummer P-900002 · Postleitzahl 20457'),
    );
    expect(requests.textContent).toContain('Anfrage gesendet');
    expect(screen.queryByText('Praxis am Markt')).toBeNull();

    fireEvent.click(within(requests).getByRole('button', { name: /^Anfrage zurückziehen/ }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Gesendete Anfragen' })).toBeNull(),
    );
    expect(portal.practices.sentRequests).toEqual([]);
  });

  it('keeps the input and says why the request was refused (too many), not "try again"', async () => {
    await openNewPractice();
    server.use(onCall(calls.companyConnectExistingCompany, () => problem(429, 'rate_limited')));
    type(/^Kundennummer/, 'P-900002');
    type(/^Postleitzahl/, '20457');
    ask();

    expect(await screen.findAllByText(/Zu viele Versuche/)).toHaveLength(2);
    expect(screen.queryByText(SAVE_ERROR)).toBeNull();
    expect((form().getByRole('textbox', { name: /^Postleitzahl/ }) as HTMLInputElement).value).toBe(
      '20457',
    );
  });
});
