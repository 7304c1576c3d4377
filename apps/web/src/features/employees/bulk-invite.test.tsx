import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { calls, InviteEmployeesSchema, ROUTES, type BulkResults } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { ben } from '../../testing/demo-customers.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

describe('/my-practice/employees-overview/add, "Mehrere einladen" (decision 0084)', () => {
  it('previews with a dry run, sends only the fine rows with one key, and sums up', async () => {
    fakePortal(ben);
    const bodies: ReturnType<typeof InviteEmployeesSchema.parse>[] = [];
    server.use(
      onCall(calls.employeeInviteEmployees, async ({ request }) => {
        const body = InviteEmployeesSchema.parse(await request.json());
        bodies.push(body);
        const answer: BulkResults = {
          replayed: false,
          results: body.rows.map((row, index) => ({
            index,
            outcome: row.email.startsWith('dabei') ? 'refused' : 'ok',
            reason: row.email.startsWith('dabei') ? 'already_member' : null,
          })),
        };
        return HttpResponse.json(answer);
      }),
    );
    await renderApp(ROUTES.employeeAdd);
    fireEvent.click(await screen.findByRole('tab', { name: 'Mehrere einladen' }));
    const paste = await screen.findByRole('textbox', { name: /^Adressen einfügen/ });
    fireEvent.change(paste, {
      target: { value: 'Lena Neu <lena@example.com>\nkaputt\ndabei@example.com\npaul@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Prüfen' }));
    const preview = within(await screen.findByRole('region', { name: 'Vorschau' }));
    expect(preview.getByRole('status').textContent).toBe('Bereit zum Senden: 2 · Mit Problem: 2');
    expect(preview.getByText('Keine gültige E-Mail-Adresse')).toBeTruthy();
    expect(preview.getByText('Gehört bereits zur Praxis')).toBeTruthy();
    expect(bodies[0]).toMatchObject({ dryRun: true, rows: [{}, {}, {}] });
    expect(bodies[0]!.idempotencyKey).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Einladungen senden (2)' }));
    const result = within(await screen.findByRole('region', { name: 'Ergebnis' }));
    expect(result.getByRole('status').textContent).toBe(
      'Einladungen gesendet: 2 · Nicht gesendet: 2',
    );
    expect(bodies[1]).toMatchObject({
      dryRun: false,
      rows: [
        { email: 'lena@example.com', firstName: 'Lena', lastName: 'Neu' },
        { email: 'paul@example.com' },
      ],
    });
    expect(bodies[1]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  // Issue 43: the portal's own "Administrator/-in" previewed as "Mitglied", "Chef" too, and the
  // preview showed no locations.
  it.each([
    {
      language: 'de' as const,
      role: 'Administrator/-in',
      shown: 'Administrator/-in',
      problem: 'Unbekannte Rolle – bitte „Mitglied“ oder „Administrator/-in“',
      tab: 'Mehrere einladen',
      paste: /^Adressen einfügen/,
      check: 'Prüfen',
      preview: 'Vorschau',
      ready: 'Bereit',
    },
    {
      language: 'en' as const,
      role: 'Administrator',
      shown: 'Administrator',
      problem: 'Unknown role – please “Member” or “Administrator”',
      tab: 'Invite several',
      paste: /^Paste addresses/,
      check: 'Check',
      preview: 'Preview',
      ready: 'Ready',
    },
  ])('previews the portal’s own role labels and the locations ($language)', async (text) => {
    fakePortal({ ...ben, preferredLanguage: text.language });
    const bodies: ReturnType<typeof InviteEmployeesSchema.parse>[] = [];
    server.use(
      onCall(calls.employeeInviteEmployees, async ({ request }) => {
        const body = InviteEmployeesSchema.parse(await request.json());
        bodies.push(body);
        const answer: BulkResults = {
          replayed: false,
          results: body.rows.map((_, index) => ({ index, outcome: 'ok', reason: null })),
        };
        return HttpResponse.json(answer);
      }),
    );
    await renderApp(ROUTES.employeeAdd);
    fireEvent.click(await screen.findByRole('tab', { name: text.tab }));
    fireEvent.change(await screen.findByRole('textbox', { name: text.paste }), {
      target: {
        value: `Eva\tSchmidt\teva.schmidt@example.com\t${text.role}\tPraxis Mitte\nMax\tMeier\tmax@example.com\tChef\t`,
      },
    });
    fireEvent.click(screen.getByRole('button', { name: text.check }));
    const preview = within(await screen.findByRole('region', { name: text.preview }));
    const [eva, max] = preview.getAllByRole('row').slice(1);
    expect(
      within(eva!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '1',
      'eva.schmidt@example.com',
      'Eva Schmidt',
      text.shown,
      'Praxis Mitte',
      text.ready,
    ]);
    expect(
      within(max!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', 'max@example.com', 'Max Meier', 'Chef', '', text.problem]);
    // Only Eva is asked about, as an administrator.
    expect(bodies[0]?.rows).toEqual([
      expect.objectContaining({ email: 'eva.schmidt@example.com', role: 'admin' }),
    ]);
  });
});
