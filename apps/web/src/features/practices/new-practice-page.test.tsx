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

    expect(
      await screen.findByText('Bitte geben Sie die Kundennummer im Format P-123456 ein.'),
    ).toBeTruthy();
    expect(screen.getByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    expect(portal.practices.connects).toEqual([]);
  });

  it('asks to connect, says the administrators were asked, and the practice shows as requested', async () => {
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
    const markt = (await screen.findByText('Praxis am Markt')).closest('li');
    await waitFor(() => expect(markt?.textContent).toContain('Angefragt'));
  });

  it('keeps the input and shows SAVE_ERROR, and why, when the request is refused', async () => {
    await openNewPractice();
    server.use(onCall(calls.companyConnectExistingCompany, () => problem(429, 'rate_limited')));
    type(/^Kundennummer/, 'P-900002');
    type(/^Postleitzahl/, '20457');
    ask();

    expect(await screen.findByText(SAVE_ERROR)).toBeTruthy();
    expect(screen.getByText(/Zu viele Versuche/)).toBeTruthy();
    expect((form().getByRole('textbox', { name: /^Postleitzahl/ }) as HTMLInputElement).value).toBe(
      '20457',
    );
  });
});
