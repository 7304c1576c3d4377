import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { calls } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { clara } from '../../testing/demo-customers.ts';
import { apiCalls, problem, server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const UPDATE = calls.customerUpdateCustomerData;
const greeting = (name: RegExp) => screen.findByRole('heading', { level: 1, name });

/** Holds every save until the test releases it; remembers the bodies in order. */
function heldSaves() {
  const bodies: unknown[] = [];
  const releases: (() => void)[] = [];
  server.use(
    onCall(UPDATE, async ({ request }) => {
      bodies.push(await request.json());
      await new Promise<void>((resolve) => releases.push(resolve));
      return HttpResponse.json(clara);
    }),
  );
  return { bodies, releaseNext: () => releases.shift()?.() };
}

describe('the language switch', () => {
  it('switches the interface at once and saves the preferred language in the background', async () => {
    const saves = heldSaves();
    await renderApp('/dashboard');
    await greeting(/^Guten Tag/);

    fireEvent.click(screen.getByRole('button', { name: 'English' }));

    // The save still hangs, the interface has switched.
    expect(await greeting(/^Hello/)).toBeTruthy();
    await waitFor(() => expect(saves.bodies).toEqual([{ preferredLanguage: 'en' }]));
    saves.releaseNext();
    // The customer is read again after the save.
    await waitFor(() =>
      expect(apiCalls().filter(({ call }) => call === 'Customer/GetCustomerData')).toHaveLength(2),
    );
  });

  it('saves quick switches one after another, so the last choice wins', async () => {
    const saves = heldSaves();
    await renderApp('/dashboard');
    await greeting(/^Guten Tag/);

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Deutsch' }));
    await waitFor(() => expect(saves.bodies).toHaveLength(1));
    expect(saves.bodies).toEqual([{ preferredLanguage: 'en' }]);

    saves.releaseNext();
    await waitFor(() => expect(saves.bodies).toHaveLength(2));
    expect(saves.bodies[1]).toEqual({ preferredLanguage: 'de' });
    saves.releaseNext();
    expect(await greeting(/^Guten Tag/)).toBeTruthy();
  });

  it('keeps the new language when the save fails, and says the save failed', async () => {
    server.use(onCall(UPDATE, () => problem(503, 'service_unavailable')));
    await renderApp('/dashboard');
    await greeting(/^Guten Tag/);

    fireEvent.click(screen.getByRole('button', { name: 'English' }));

    expect(
      await screen.findByText('Your changes could not be saved. Please try again.'),
    ).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^Hello/);
  });

  it('saves nothing without customer data', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(onCall(calls.customerGetCustomerData, () => problem(503, 'service_unavailable')));
    await renderApp('/dashboard');
    await greeting(/^Ihre Daten konnten nicht geladen werden/);

    fireEvent.click(screen.getByRole('button', { name: 'English' }));

    expect(await greeting(/^Your data could not be loaded/)).toBeTruthy();
    expect(apiCalls().filter(({ call }) => call === 'Customer/UpdateCustomerData')).toEqual([]);
    consoleError.mockRestore();
  });
});
