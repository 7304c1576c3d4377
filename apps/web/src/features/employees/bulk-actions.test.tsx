import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BulkEmployeeActionSchema, calls, ROUTES, type BulkResults } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { anna } from '../../testing/demo-customers.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

describe('bulk actions on /my-practice/employees-overview (decision 0084)', () => {
  it('offers only people the viewer may act on, asks once naming how many, and reports per person', async () => {
    fakePortal(anna);
    const bodies: ReturnType<typeof BulkEmployeeActionSchema.parse>[] = [];
    server.use(
      onCall(calls.employeeApplyBulkAction, async ({ request }) => {
        const body = BulkEmployeeActionSchema.parse(await request.json());
        bodies.push(body);
        const answer: BulkResults = {
          replayed: false,
          results: body.customerIds.map((_, index) =>
            index === 0
              ? { index, outcome: 'ok', reason: null }
              : { index, outcome: 'refused', reason: 'conflict' },
          ),
        };
        return HttpResponse.json(answer);
      }),
    );
    await renderApp(ROUTES.employees);
    await screen.findByRole('link', { name: 'Ben Krause' });
    // Nobody chooses themself (Anna, the superadmin).
    expect(screen.queryByRole('checkbox', { name: /Anna Sommer auswählen/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ben Krause auswählen' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Clara Wolf auswählen' }));
    const bar = within(
      screen.getByRole('region', { name: 'Aktionen für die ausgewählten Personen' }),
    );
    expect(bar.getByText('Ausgewählt: 2')).toBeTruthy();
    fireEvent.click(bar.getByRole('button', { name: 'Deaktivieren' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Zugang deaktivieren' }));
    expect(
      dialog.getByText('Möchten Sie den Zugang der ausgewählten Personen (2) deaktivieren?'),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Deaktivieren' }));
    expect(await screen.findByText('Zugang deaktiviert: 1')).toBeTruthy();
    expect(screen.getByText('Clara Wolf: Im aktuellen Status nicht möglich')).toBeTruthy();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      action: 'disable',
      customerIds: [expect.any(String), expect.any(String)],
    });
  });
});
