import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, CustomerSchema, ROUTES, type CompanyVm, type MyInvitation } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { anna, clara, MARKT_ID, newcomer, SOMMER_ID } from '../../testing/demo-customers.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { problem, server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const GET_ERROR = 'Die Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.';
const SAVE_ERROR =
  'Ihre Änderungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.';

const practices = () => screen.getByRole('region', { name: 'Ihre Praxen' });
/** A practice's entry: an invitation leads the page in a list of its own (issue 22, point 1). */
const practice = (name: string) =>
  within(within(screen.getByRole('main')).getByRole('heading', { name }).closest('li')!);

const invitedTo = (companyId: string, name: string): CompanyVm => ({
  companyId,
  customerNumber: null,
  name,
  postalCode: '10117',
  city: 'Berlin',
  status: 'enabled',
  role: 'member',
  membershipStatus: 'invited',
});

const invitation = (changes: Partial<MyInvitation>): MyInvitation => ({
  companyId: SOMMER_ID,
  practiceName: 'Zahnarztpraxis Dr. Sommer',
  city: 'Berlin',
  role: 'member',
  invitedBy: 'Ben Krause',
  invitedAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2099-11-27T09:00:00.000Z',
  expired: false,
  ...changes,
});

async function openInvited(expired = false) {
  const customer = CustomerSchema.parse({
    ...newcomer,
    associatedCompanies: { companyVms: [invitedTo(SOMMER_ID, 'Zahnarztpraxis Dr. Sommer')] },
  });
  const portal = fakePortal(customer);
  portal.memberships.invitations = [
    invitation(expired ? { expiresAt: '2026-11-01T09:00:00.000Z', expired } : {}),
  ];
  await renderApp(`${ROUTES.myPractice}?invitation=secret`);
  await screen.findByRole('heading', { level: 1, name: 'Meine Praxis' });
  return portal;
}

describe('/my-practice: invitations, primary practice, leaving', () => {
  it('shows a pending invitation; accepting makes the practice the active one', async () => {
    const portal = await openInvited();
    const sommer = practice('Zahnarztpraxis Dr. Sommer');
    expect(
      await sommer.findByText(
        'Eingeladen von Ben Krause am 20.11.2026 als Mitglied. Die Einladung gilt bis 27.11.2099.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Aktive Praxis' })).toBeNull();
    // The invitation leads, before the offer to add a practice of one's own.
    const invitations = screen.getByRole('region', { name: 'Sie wurden eingeladen' });
    const noPractice = screen.getByRole('region', {
      name: 'Sie sind noch mit keiner Praxis verbunden',
    });
    expect(invitations.compareDocumentPosition(noPractice)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(within(practices()).queryByText('Zahnarztpraxis Dr. Sommer')).toBeNull();

    fireEvent.click(
      sommer.getByRole('button', { name: 'Einladung annehmen: Zahnarztpraxis Dr. Sommer' }),
    );
    expect(
      await screen.findByText('Sie haben die Einladung angenommen und gehören jetzt zur Praxis.'),
    ).toBeTruthy();
    const active = await screen.findByRole('region', { name: 'Aktive Praxis' });
    expect(await within(active).findByText('Zahnarztpraxis Dr. Sommer')).toBeTruthy();
    expect(portal.memberships.bodies['Employee/AcceptInvitation']).toEqual([
      { companyId: SOMMER_ID },
    ]);
  });

  it('declining leaves no membership', async () => {
    const portal = await openInvited();
    fireEvent.click(
      await practice('Zahnarztpraxis Dr. Sommer').findByRole('button', {
        name: 'Einladung ablehnen: Zahnarztpraxis Dr. Sommer',
      }),
    );
    expect(await screen.findByText('Sie haben die Einladung abgelehnt.')).toBeTruthy();
    await waitFor(() =>
      expect(within(practices()).queryByText('Zahnarztpraxis Dr. Sommer')).toBeNull(),
    );
    expect(portal.memberships.bodies['Employee/DeclineInvitation']).toEqual([
      { companyId: SOMMER_ID },
    ]);
  });

  it('says an expired invitation cannot be accepted any more', async () => {
    await openInvited(true);
    const sommer = practice('Zahnarztpraxis Dr. Sommer');
    expect(await sommer.findByText(/ist am 01\.11\.2026 abgelaufen/)).toBeTruthy();
    expect(sommer.queryByRole('button', { name: /^Einladung annehmen/ })).toBeNull();
    expect(sommer.getByRole('button', { name: /^Einladung ablehnen/ })).toBeTruthy();
  });

  it('says why accepting was refused (expired meanwhile), in the toast and beside it', async () => {
    const portal = await openInvited();
    const accept = await practice('Zahnarztpraxis Dr. Sommer').findByRole('button', {
      name: /^Einladung annehmen/,
    });
    portal.memberships.invitations = [invitation({ expired: true })];
    fireEvent.click(accept);
    expect(
      await screen.findAllByText(
        'Diese Einladung ist abgelaufen. Die Administration der Praxis kann sie erneut senden.',
      ),
    ).toHaveLength(2);
    expect(screen.queryByText(SAVE_ERROR)).toBeNull();
  });

  it('shows GET_ERROR when the invitations cannot be loaded', async () => {
    const customer = CustomerSchema.parse({
      ...newcomer,
      associatedCompanies: { companyVms: [invitedTo(SOMMER_ID, 'Zahnarztpraxis Dr. Sommer')] },
    });
    fakePortal(customer);
    server.use(onCall(calls.employeeGetMyInvitations, () => problem(500, 'internal_error')));
    await renderApp(ROUTES.myPractice);
    expect(await screen.findByText(GET_ERROR)).toBeTruthy();
    expect(practice('Zahnarztpraxis Dr. Sommer').queryByRole('button')).toBeNull();
  });

  it('makes another practice the primary one', async () => {
    const portal = fakePortal(anna);
    await renderApp(ROUTES.myPractice);
    await screen.findByRole('heading', { level: 1, name: 'Meine Praxis' });
    const markt = practice('Praxis am Markt');
    expect(
      practice('Zahnarztpraxis Dr. Sommer').queryByRole('button', { name: /Hauptpraxis/ }),
    ).toBeNull();
    fireEvent.click(
      markt.getByRole('button', { name: 'Als Hauptpraxis festlegen: Praxis am Markt' }),
    );
    expect(await screen.findByText('Ihre Hauptpraxis wurde geändert.')).toBeTruthy();
    expect(portal.memberships.bodies['Employee/ChangePrimaryCompany']).toEqual([
      { customerId: anna.customerId, companyId: MARKT_ID },
    ]);
    await waitFor(() => expect(practice('Praxis am Markt').getByText('Hauptpraxis')).toBeTruthy());
  });

  it('leaves a practice after a confirmation naming it; the superadmin cannot', async () => {
    const portal = fakePortal(anna);
    await renderApp(ROUTES.myPractice);
    await screen.findByRole('heading', { level: 1, name: 'Meine Praxis' });
    expect(
      practice('Zahnarztpraxis Dr. Sommer').queryByRole('button', { name: /verlassen/ }),
    ).toBeNull();

    fireEvent.click(
      practice('Praxis am Markt').getByRole('button', {
        name: 'Praxis verlassen …: Praxis am Markt',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Praxis verlassen?' });
    expect(
      within(dialog).getByText('Möchten Sie die Praxis „Praxis am Markt“ verlassen?'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verlassen' }));
    expect(await screen.findByText('Sie haben die Praxis verlassen.')).toBeTruthy();
    await waitFor(() => expect(within(practices()).queryByText('Praxis am Markt')).toBeNull());
    expect(portal.memberships.bodies['Employee/LeavePractice']).toEqual([{ companyId: MARKT_ID }]);
  });

  it('offers a member with one practice neither primary nor switching, but leaving', async () => {
    fakePortal(clara);
    await renderApp(ROUTES.myPractice);
    await screen.findByRole('heading', { level: 1, name: 'Meine Praxis' });
    const sommer = practice('Zahnarztpraxis Dr. Sommer');
    expect(sommer.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Praxis verlassen …',
    ]);
  });
});
