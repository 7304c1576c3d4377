import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, CustomerSchema, ROUTES, type CompanyVm } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { anna, ben, MARKT_ID, newcomer } from '../../testing/demo-customers.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { problem, server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const GET_ERROR = 'Die Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.';

const membership = (changes: Partial<CompanyVm>): CompanyVm => ({
  companyId: MARKT_ID,
  customerNumber: null,
  name: 'Praxis am Markt',
  postalCode: '20457',
  city: 'Hamburg',
  status: 'enabled',
  role: 'member',
  membershipStatus: 'requested',
  ...changes,
});

const active = () => within(screen.getByRole('region', { name: 'Aktive Praxis' }));
const practices = () => screen.getByRole('region', { name: 'Ihre Praxen' });
const navigationLinks = () =>
  within(screen.getByRole('navigation', { name: 'Hauptnavigation' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

async function openMyPractice(customer = anna) {
  const portal = fakePortal(customer);
  await renderApp(ROUTES.myPractice);
  await screen.findByRole('heading', { level: 1, name: 'Meine Praxis' });
  return portal;
}

describe('/my-practice', () => {
  it('shows the active practice with its address, customer number, the role and the contracts in de-DE dates', async () => {
    await openMyPractice();

    expect(active().getByText('Zahnarztpraxis Dr. Sommer')).toBeTruthy();
    expect(await active().findByText('Friedrichstraße 120, 10117 Berlin')).toBeTruthy();
    expect(active().getByText('P-900001')).toBeTruthy();
    expect(active().getByText('Hauptadministratorin')).toBeTruthy();
    expect(active().getByRole('link', { name: 'Praxisdaten bearbeiten' })).toBeTruthy();
    const contracts = within(screen.getByRole('region', { name: 'Verträge' }));
    expect(await contracts.findByText('Gültig ab 01.01.2025, unbefristet')).toBeTruthy();
    expect(contracts.getByText('Gültig vom 01.01.2026 bis 31.12.2026')).toBeTruthy();
    expect(contracts.getByText('Abgelaufen')).toBeTruthy();
  });

  it('switches the active practice: role and navigation follow at once', async () => {
    await openMyPractice();
    expect(navigationLinks()).toContain('Praxisdaten');

    fireEvent.click(
      within(practices()).getByRole('button', { name: /wechseln: Praxis am Markt$/ }),
    );

    expect(await active().findByText('Praxis am Markt')).toBeTruthy();
    expect(active().getByText('Mitglied')).toBeTruthy();
    expect(active().queryByRole('link', { name: 'Praxisdaten bearbeiten' })).toBeNull();
    expect(navigationLinks()).not.toContain('Praxisdaten');
    expect(document.activeElement?.textContent).toBe('Aktive Praxis');
    expect(screen.getByRole('button', { name: 'Aktive Praxis: Praxis am Markt' })).toBeTruthy();
    expect(await active().findByText('Großer Burstah 12, 20457 Hamburg')).toBeTruthy();
  });

  it('says which memberships are requested, and offers no switch to them', async () => {
    await openMyPractice(
      CustomerSchema.parse({
        ...ben,
        associatedCompanies: {
          companyVms: [...ben.associatedCompanies.companyVms, membership({})],
        },
      }),
    );

    const markt = within(practices()).getByText('Praxis am Markt').closest('li');
    expect(markt).toBeTruthy();
    expect(within(markt!).getByText('Angefragt')).toBeTruthy();
    expect(within(markt!).getByText(/muss Ihre Anfrage noch freigeben/)).toBeTruthy();
    expect(within(markt!).queryByRole('button')).toBeNull();
  });

  it('lists a disabled practice read-only, and its superadmin enables it again', async () => {
    const portal = await openMyPractice(
      CustomerSchema.parse({
        ...newcomer,
        companyId: MARKT_ID,
        associatedCompanies: {
          companyVms: [
            membership({ status: 'disabled', role: 'superadmin', membershipStatus: 'enabled' }),
          ],
        },
      }),
    );
    portal.practices.practices = portal.practices.practices.map((p) =>
      p.companyId === MARKT_ID ? { ...p, status: 'disabled' } : p,
    );
    // Nothing to work in: no active practice, an invitation to add or connect one.
    expect(screen.getByRole('link', { name: 'Praxis anlegen oder verbinden' })).toBeTruthy();
    expect(within(practices()).getByText('Deaktiviert')).toBeTruthy();

    fireEvent.click(
      within(practices()).getByRole('button', {
        name: 'Praxis wieder aktivieren: Praxis am Markt',
      }),
    );

    expect(await screen.findByText('Die Praxis ist wieder aktiviert.')).toBeTruthy();
    expect(await active().findByText('Praxis am Markt')).toBeTruthy();
    expect(within(practices()).queryByText('Deaktiviert')).toBeNull();
  });

  it('shows GET_ERROR when the practice cannot be loaded, and loads it on request', async () => {
    fakePortal(anna);
    let failing = true;
    // Without an answer, the request goes on to the fake portal.
    server.use(
      onCall(calls.companyGetCompany, () =>
        failing ? problem(503, 'service_unavailable') : undefined,
      ),
    );
    await renderApp(ROUTES.myPractice);

    // The toast, and a notice with a retry where the practice would show.
    expect(await screen.findByText(GET_ERROR)).toBeTruthy();
    failing = false;
    fireEvent.click(await active().findByRole('button', { name: 'Erneut versuchen' }));
    expect(await active().findByText('Friedrichstraße 120, 10117 Berlin')).toBeTruthy();
  });

  it('invites a user without practices to add or connect one', async () => {
    await openMyPractice(newcomer);
    expect(screen.getByText('Sie gehören noch zu keiner Praxis.')).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Weitere Praxis anlegen oder verbinden' })
        .getAttribute('href'),
    ).toBe(ROUTES.newPractice);
    expect(screen.queryByRole('region', { name: 'Aktive Praxis' })).toBeNull();
  });
});
