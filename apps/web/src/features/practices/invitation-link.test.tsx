import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { calls, CustomerSchema, ROUTES } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { newcomer } from '../../testing/demo-customers.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

// Issue 22, point 1: an invitation's link opened while signed in as somebody else says so.
const SECRET = 'a'.repeat(43);

describe('/my-practice?invitation=… of another person', () => {
  it('names the masked address and offers to sign in with another account', async () => {
    fakePortal(CustomerSchema.parse(newcomer));
    const asked: string[] = [];
    server.use(
      onCall(calls.employeeGetInvitationLink, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('invitation') ?? '');
        return HttpResponse.json({ forCaller: false, sentTo: 'm***@example.com' });
      }),
    );
    const { session } = await renderApp(`${ROUTES.myPractice}?invitation=${SECRET}`);
    const notice = await screen.findByRole('region', {
      name: 'Diese Einladung ist für ein anderes Konto',
    });
    expect(notice.textContent).toContain('Die Einladung wurde an m***@example.com gesendet.');
    expect(notice.textContent).toContain(`Sie sind als ${newcomer.email} angemeldet.`);
    expect(asked).toEqual([SECRET]);

    fireEvent.click(within(notice).getByRole('button', { name: 'Mit anderem Konto anmelden' }));
    expect(session.accountSwitches).toBe(1);
  });

  it('says nothing when the invitation is the person’s own', async () => {
    fakePortal(CustomerSchema.parse(newcomer));
    server.use(
      onCall(calls.employeeGetInvitationLink, () =>
        HttpResponse.json({ forCaller: true, sentTo: null }),
      ),
    );
    await renderApp(`${ROUTES.myPractice}?invitation=${SECRET}`);
    await screen.findByRole('heading', { level: 1, name: 'Meine Praxis' });
    await screen.findByRole('region', { name: 'Ihre Praxen' });
    expect(
      screen.queryByRole('region', { name: 'Diese Einladung ist für ein anderes Konto' }),
    ).toBeNull();
  });
});
