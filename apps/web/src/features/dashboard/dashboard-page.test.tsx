import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CustomerSchema, ROUTES } from '@pp/contract';
import { newcomer, SOMMER_ID } from '../../testing/demo-customers.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { renderApp } from '../../testing/render-app.tsx';

// Issue 22, point 1: an invited person is led to the invitation, not to a practice of their own.
describe('/dashboard with a waiting invitation', () => {
  it('leads with the invitation, before the offer to add a practice, and links to it', async () => {
    fakePortal(
      CustomerSchema.parse({
        ...newcomer,
        associatedCompanies: {
          companyVms: [
            {
              companyId: SOMMER_ID,
              customerNumber: null,
              name: 'Zahnarztpraxis Dr. Sommer',
              postalCode: '10117',
              city: 'Berlin',
              status: 'enabled',
              role: 'member',
              membershipStatus: 'invited',
            },
          ],
        },
      }),
    );
    await renderApp(ROUTES.dashboard);
    const invitations = await screen.findByRole('region', { name: 'Sie wurden eingeladen' });
    expect(invitations.textContent).toContain(
      'Eine Einladung wartet auf Ihre Antwort: Zahnarztpraxis Dr. Sommer.',
    );
    const noPractice = screen.getByRole('region', {
      name: 'Sie sind noch mit keiner Praxis verbunden',
    });
    expect(invitations.compareDocumentPosition(noPractice)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    fireEvent.click(within(invitations).getByRole('link', { name: 'Einladung ansehen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Meine Praxis' })).toBeTruthy();
  });

  it('shows no invitation card without one', async () => {
    fakePortal(CustomerSchema.parse(newcomer));
    await renderApp(ROUTES.dashboard);
    await screen.findByRole('region', { name: 'Sie sind noch mit keiner Praxis verbunden' });
    expect(screen.queryByRole('region', { name: 'Sie wurden eingeladen' })).toBeNull();
  });
});
