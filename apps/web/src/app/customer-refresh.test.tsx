import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CustomerSchema } from '@pp/contract';
import { customerDataQueryKey } from '../lib/ui-state/api/get-customer-data.ts';
import { anna, SOMMER_ID } from '../testing/demo-customers.ts';
import { apiCalls, portalHandlers, server } from '../testing/portal-server.ts';
import { renderApp } from '../testing/render-app.tsx';

const PARK_ID = '00000000-0000-4000-8000-000000000003';

// What a save of the profile or of a practice leaves on the server.
const changed = CustomerSchema.parse({
  ...anna,
  firstName: 'Annabell',
  lastName: 'Sommer-Lind',
  associatedCompanies: {
    companyVms: [
      ...anna.associatedCompanies.companyVms.map((company) =>
        company.companyId === SOMMER_ID
          ? { ...company, name: 'Zahnarztpraxis Sommer & Lind' }
          : company,
      ),
      {
        companyId: PARK_ID,
        customerNumber: 'P-900003',
        name: 'Praxis am Park',
        postalCode: '50667',
        city: 'Köln',
        status: 'enabled',
        role: 'admin',
        membershipStatus: 'enabled',
      },
    ],
  },
});

const panelOf = (button: HTMLElement) =>
  within(document.getElementById(button.getAttribute('aria-controls') ?? '') ?? document.body);

describe('customer data', () => {
  it('reaches every place that shows it when a save invalidates the query, without a reload', async () => {
    server.use(...portalHandlers(anna));
    const { queryClient } = await renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Guten Tag, Frau Dr. Sommer' })).toBeTruthy();
    expect(screen.getByText('Zahnarztpraxis Dr. Sommer', { selector: 'p' })).toBeTruthy();

    server.use(...portalHandlers(changed));
    await act(() => queryClient.invalidateQueries({ queryKey: customerDataQueryKey }));

    // Greeting and active practice card.
    expect(
      await screen.findByRole('heading', { name: 'Guten Tag, Frau Dr. Sommer-Lind' }),
    ).toBeTruthy();
    expect(screen.getByText('Zahnarztpraxis Sommer & Lind', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText(/Ihre Rolle: Hauptadministrator/)).toBeTruthy();
    // User menu.
    const userMenu = screen.getByRole('button', { name: 'Benutzermenü' });
    fireEvent.click(userMenu);
    expect(panelOf(userMenu).getByText('Annabell Sommer-Lind')).toBeTruthy();
    // Practice switcher: the renamed practice is still the active one, the new one is offered.
    const switcher = screen.getByRole('button', {
      name: 'Aktive Praxis: Zahnarztpraxis Sommer & Lind',
    });
    fireEvent.click(switcher);
    const offered = panelOf(switcher)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(offered).toEqual([
      'Zahnarztpraxis Sommer & Lind · Hauptpraxis (aktiv)',
      'Praxis am Markt',
      'Praxis am Park',
    ]);
    // One startup, then one refetch: no reload.
    expect(apiCalls().filter(({ call }) => call === 'Customer/GetCustomerData')).toHaveLength(2);
    expect(apiCalls().filter(({ call }) => call === 'Customer/GetPicklists')).toHaveLength(1);
  });

  it('keeps the practice chosen in this tab across a refetch', async () => {
    server.use(...portalHandlers(anna));
    const { queryClient } = await renderApp('/dashboard');
    const switcher = await screen.findByRole('button', {
      name: 'Aktive Praxis: Zahnarztpraxis Dr. Sommer',
    });
    fireEvent.click(switcher);
    fireEvent.click(panelOf(switcher).getByRole('button', { name: /^Praxis am Markt/ }));
    expect(await screen.findByText(/Ihre Rolle: Mitglied/)).toBeTruthy();

    server.use(...portalHandlers(changed));
    await act(() => queryClient.invalidateQueries({ queryKey: customerDataQueryKey }));

    expect(await screen.findByRole('heading', { name: /Sommer-Lind$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aktive Praxis: Praxis am Markt' })).toBeTruthy();
    expect(screen.getByText('Praxis am Markt', { selector: 'p' })).toBeTruthy();
  });
});
