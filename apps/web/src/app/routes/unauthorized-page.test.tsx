import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@pp/contract';
import { LANGUAGE_KEY } from '../../lib/i18n/i18n.ts';
import { onCall } from '../../testing/call-handler.ts';
import { apiCalls, problem, server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

// When the api refuses the person's first sign-in (apps/api/src/lib/customers/first-sign-in.ts),
// /unauthorized says why instead of guessing; any other failure keeps the general text.

afterEach(() => vi.restoreAllMocks());

const GENERAL_DE = /^Wir konnten Ihr Kundenkonto gerade nicht laden\./;

async function unauthorizedPage(title: string) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await renderApp('/dashboard');
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  expect(window.location.pathname).toBe('/unauthorized');
  return screen.getByRole('main');
}

const customerLoads = () =>
  apiCalls().filter(({ call }) => call === 'Customer/GetCustomerData').length;

describe('the unauthorized page', () => {
  it('says that the CRM removed the person, also while and after a retry', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let answers = 0;
    server.use(
      onCall(calls.customerGetCustomerData, async () => {
        if (answers++ > 0) await released;
        return problem(403, 'access_removed');
      }),
    );
    const main = await unauthorizedPage('Ihre Daten konnten nicht geladen werden');
    const reason =
      'Ihr Zugang ist zurzeit nicht aktiv, weil Ihre Kundendaten bei uns entfernt oder deaktiviert wurden. Bitte wenden Sie sich an unseren Kundenservice.';
    expect(main.textContent).toContain(reason);
    expect(main.textContent).not.toMatch(GENERAL_DE);

    // While the retry waits for its answer, the page goes on saying why.
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(customerLoads()).toBe(2));
    expect(main.textContent).toContain(reason);
    release();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Erneut versuchen' }).dataset['loading']).toBe(
        undefined,
      ),
    );
    expect(main.textContent).toContain(reason);
    expect(window.location.pathname).toBe('/unauthorized');
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
  });

  it('says it in English', async () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'en');
    server.use(onCall(calls.customerGetCustomerData, () => problem(403, 'access_removed')));
    const main = await unauthorizedPage('Your data could not be loaded');

    expect(main.textContent).toContain(
      'Your access is not active at the moment because your customer record was removed or deactivated on our side.',
    );
  });

  it('says that the customer record holds details the portal cannot take', async () => {
    server.use(
      onCall(calls.customerGetCustomerData, () => problem(403, 'customer_record_refused')),
    );
    const main = await unauthorizedPage('Ihre Daten konnten nicht geladen werden');

    expect(main.textContent).toContain(
      'Ihre Kundendaten bei uns enthalten Angaben, die das Praxisportal nicht übernehmen kann. Bitte wenden Sie sich an unseren Kundenservice.',
    );
    expect(main.textContent).not.toMatch(GENERAL_DE);
  });

  it('asks to confirm the e-mail address when the identity is not verified', async () => {
    server.use(onCall(calls.customerGetCustomerData, () => problem(403, 'identity_unverified')));
    const main = await unauthorizedPage('Ihre Daten konnten nicht geladen werden');

    expect(main.textContent).toContain(
      'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse mit dem Link aus unserer E-Mail.',
    );
    expect(main.textContent).not.toMatch(GENERAL_DE);
  });

  it.each([
    ['a server error', () => problem(500, 'internal_error')],
    ['an unavailable api', () => problem(503, 'service_unavailable')],
    ['no network', () => HttpResponse.error()],
    ['another refusal', () => problem(403, 'forbidden')],
  ])('keeps the general text after %s', async (_, answer) => {
    server.use(onCall(calls.customerGetCustomerData, answer));
    const main = await unauthorizedPage('Ihre Daten konnten nicht geladen werden');

    expect(screen.getByText(GENERAL_DE)).toBeTruthy();
    expect(main.textContent).not.toMatch(/Ihr Zugang ist zurzeit nicht aktiv/);
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
  });
});
