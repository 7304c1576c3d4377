import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@pp/contract';
import { anna, ben, clara, newcomer } from '../testing/demo-customers.ts';
import { portalHandlers, server } from '../testing/portal-server.ts';
import { renderApp } from '../testing/render-app.tsx';

const REFUSED = 'Sie haben keinen Zugriff auf diese Seite. Wir haben Sie zur Übersicht geleitet.';
const SWITCHED_TO_MARKT =
  'Sie arbeiten jetzt in der Praxis „Praxis am Markt“. Die Seite, auf der Sie waren, ist dort nur für Administratorinnen und Administratoren freigegeben – deshalb sehen Sie die Übersicht.';
const heading = () => screen.findByRole('heading', { level: 1 });

describe('URL access check', () => {
  it('sends a member from an admin page to the dashboard with a notice', async () => {
    server.use(...portalHandlers(clara));
    await renderApp(`${ROUTES.employees}?page=2`);

    expect((await heading()).textContent).toBe('Guten Tag, Frau Wolf');
    expect(window.location.pathname).toBe(ROUTES.dashboard);
    expect(screen.getByRole('alert').textContent).toContain(REFUSED);
  });

  it('lets a member open the pages of the member list', async () => {
    server.use(...portalHandlers(clara));
    await renderApp(ROUTES.locations);

    expect((await heading()).textContent).toBe('Standorte');
    expect(screen.queryByText(REFUSED)).toBeNull();
  });

  it('lets an admin open the admin pages', async () => {
    server.use(...portalHandlers(ben));
    await renderApp(ROUTES.employeeInformation);

    expect((await heading()).textContent).toBe('Angaben zur Person');
  });

  it('after a switch to a practice where the user is a member, leaves an admin page for the dashboard naming that practice', async () => {
    server.use(...portalHandlers(anna));
    await renderApp(ROUTES.practiceInformation);
    expect((await heading()).textContent).toBe('Praxisdaten');

    fireEvent.click(
      screen.getByRole('button', { name: 'Aktive Praxis: Zahnarztpraxis Dr. Sommer' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /^Praxis am Markt/ }));

    expect((await screen.findByRole('alert')).textContent).toContain(SWITCHED_TO_MARKT);
    expect(screen.queryByText(REFUSED)).toBeNull();
    expect(window.location.pathname).toBe(ROUTES.dashboard);
    expect(screen.getByText(/Ihre Rolle: Mitglied/)).toBeTruthy();
  });

  it('keeps the screen after a switch when the new role may open it', async () => {
    server.use(...portalHandlers(anna));
    await renderApp(ROUTES.locations);
    expect((await heading()).textContent).toBe('Standorte');

    fireEvent.click(
      screen.getByRole('button', { name: 'Aktive Praxis: Zahnarztpraxis Dr. Sommer' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /^Praxis am Markt/ }));

    expect(
      await screen.findByRole('button', { name: 'Aktive Praxis: Praxis am Markt' }),
    ).toBeTruthy();
    expect(window.location.pathname).toBe(ROUTES.locations);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the refused notice', () => {
  const navigation = () => within(screen.getByRole('navigation', { name: 'Hauptnavigation' }));

  it('shows once: leaving the dashboard ends it, and a reload does not bring it back', async () => {
    await renderApp(ROUTES.employees);
    expect((await screen.findByRole('alert')).textContent).toContain(REFUSED);

    fireEvent.click(navigation().getByRole('link', { name: 'Mein Profil' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mein Profil' })).toBeTruthy();
    fireEvent.click(navigation().getByRole('link', { name: 'Übersicht' }));
    expect(await screen.findByRole('heading', { level: 1, name: /^Guten Tag/ })).toBeTruthy();
    expect(screen.queryByText(REFUSED)).toBeNull();

    cleanup();
    await renderApp(ROUTES.dashboard);
    expect((await heading()).textContent).toBe('Guten Tag, Frau Wolf');
    expect(screen.queryByText(REFUSED)).toBeNull();
  });

  it('closes with its button', async () => {
    await renderApp(ROUTES.employees);
    const notice = await screen.findByRole('alert');
    fireEvent.click(within(notice).getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByText(REFUSED)).toBeNull();
  });
});

describe('routes', () => {
  it('redirects the empty path to the dashboard', async () => {
    await renderApp('/');
    expect((await heading()).textContent).toBe('Guten Tag, Frau Wolf');
    expect(window.location.pathname).toBe(ROUTES.dashboard);
  });

  it('shows the not-found page for an unknown path', async () => {
    await renderApp('/my-practice/unknown');
    expect((await heading()).textContent).toBe('Seite nicht gefunden');
    expect(window.location.pathname).toBe('/my-practice/unknown');
  });

  it('builds the navigation from the role', async () => {
    server.use(...portalHandlers(clara));
    await renderApp(ROUTES.dashboard);
    await heading();
    const memberLinks = within(screen.getByRole('navigation', { name: 'Hauptnavigation' }))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(memberLinks).toEqual([
      'Übersicht',
      'Mein Profil',
      'Newsletter',
      'Meine Praxis',
      'Standorte',
    ]);

    cleanup();
    server.use(...portalHandlers(ben));
    await renderApp(ROUTES.dashboard);
    await heading();
    const adminLinks = within(screen.getByRole('navigation', { name: 'Hauptnavigation' }))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(adminLinks).toEqual([
      'Übersicht',
      'Mein Profil',
      'Newsletter',
      'Meine Praxis',
      'Praxisdaten',
      'Mitarbeitende',
      'Standorte',
    ]);
  });

  it('invites a user without a practice to add or connect one', async () => {
    server.use(...portalHandlers(newcomer));
    await renderApp(ROUTES.dashboard);

    expect((await heading()).textContent).toBe('Guten Tag, Nora Neu');
    expect(
      screen.getByRole('link', { name: 'Praxis anlegen oder verbinden' }).getAttribute('href'),
    ).toBe(ROUTES.newPractice);
    expect(screen.queryByRole('button', { name: /Aktive Praxis/ })).toBeNull();
  });
});
