import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { calls } from '@pp/contract';
import { LANGUAGE_KEY } from '../../lib/i18n/i18n.ts';
import { COLOR_SCHEME_KEY } from '../../lib/theme/color-scheme.ts';
import { onCall } from '../../testing/call-handler.ts';
import { clara } from '../../testing/demo-customers.ts';
import { requests, server, webConfiguration } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

afterEach(() => document.documentElement.removeAttribute('data-mantine-color-scheme'));

/** The panel a disclosure button controls. */
const panelOf = (button: HTMLElement) =>
  within(document.getElementById(button.getAttribute('aria-controls') ?? '') ?? document.body);

const greeting = () => screen.findByRole('heading', { level: 1, name: /Guten Tag|Hello/ });

describe('language', () => {
  it('is German by default and switches to English, remembered for the next visit', async () => {
    await renderApp('/dashboard');
    await greeting();
    expect(document.documentElement.lang).toBe('de');

    const english = screen.getByRole('button', { name: 'English' });
    expect(english.getAttribute('lang')).toBe('en');
    fireEvent.click(english);

    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Ms Wolf' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('en');

    cleanup();
    await renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: /^Hello/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deutsch' })).toBeTruthy();
  });
});

describe('colour scheme', () => {
  it('switches to dark and remembers it', async () => {
    await renderApp('/dashboard');
    await greeting();

    fireEvent.click(screen.getByRole('button', { name: 'Dunkles Design einschalten' }));

    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Helles Design einschalten' })).toBeTruthy();
  });
});

describe('global spinner', () => {
  it('shows while an api call runs and disappears after it', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      onCall(calls.customerGetPicklists, async () => {
        await released;
        return HttpResponse.json({
          salutation: { values: [] },
          position: { values: [] },
          professions: { values: [] },
          newsletterDistributor: { values: [] },
          newsletterInterests: { values: [] },
          otherIndustries: { values: [] },
        });
      }),
    );
    await renderApp('/dashboard');

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Wird geladen …'));
    await delay(50);
    expect(screen.getByRole('status').textContent).toBe('Wird geladen …');
    release();
    await greeting();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
  });
});

describe('frame', () => {
  it('offers the user menu and the legal links', async () => {
    await renderApp('/dashboard');
    await greeting();

    expect((await screen.findByRole('link', { name: 'Impressum' })).getAttribute('href')).toBe(
      'https://provider.example.com/impressum',
    );
    expect(screen.getByRole('link', { name: 'Datenschutz' }).getAttribute('href')).toBe(
      'https://provider.example.com/datenschutz',
    );
    // Clara has one practice: nothing to switch.
    expect(screen.queryByRole('button', { name: /Aktive Praxis/ })).toBeNull();

    const userMenu = screen.getByRole('button', { name: 'Benutzermenü' });
    fireEvent.click(userMenu);
    expect(userMenu.getAttribute('aria-expanded')).toBe('true');
    const panel = panelOf(userMenu);
    expect(panel.getByRole('link', { name: 'Mein Profil' }).getAttribute('href')).toBe('/info');
    expect(panel.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
    expect(panel.getByText(`${clara.firstName} ${clara.lastName}`)).toBeTruthy();
  });

  // Issue 22, point 16.
  it('outside production names the legal links that are not configured, linking nowhere', async () => {
    await renderApp('/dashboard', {
      configuration: { ...webConfiguration, imprintUrl: null, privacyUrl: null },
    });
    await greeting();

    const footer = within(await screen.findByRole('contentinfo', { name: 'Rechtliches' }));
    expect(footer.getByText('Impressum: noch nicht eingerichtet (IMPRINT_URL)')).toBeTruthy();
    expect(footer.getByText('Datenschutz: noch nicht eingerichtet (PRIVACY_URL)')).toBeTruthy();
    // The only link is the accessibility statement's (decision 0080).
    expect(footer.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Barrierefreiheit',
    ]);
  });

  it('in production shows only the configured legal link, and the statement without any', async () => {
    const production = { ...webConfiguration, legalLinkPlaceholders: false };
    await renderApp('/dashboard', { configuration: { ...production, imprintUrl: null } });
    await greeting();
    const footer = within(await screen.findByRole('contentinfo', { name: 'Rechtliches' }));
    expect(footer.getByRole('link', { name: 'Datenschutz' })).toBeTruthy();
    expect(footer.queryByText(/IMPRINT_URL/)).toBeNull();
    cleanup();

    await renderApp('/dashboard', {
      configuration: { ...production, imprintUrl: null, privacyUrl: null },
    });
    await greeting();
    const alone = within(await screen.findByRole('contentinfo', { name: 'Rechtliches' }));
    expect(alone.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/accessibility',
    ]);
  });

  it('reads the configuration the session loaded, without fetching /app-config.json again', async () => {
    await renderApp('/dashboard');
    await greeting();

    expect(await screen.findByRole('link', { name: 'Impressum' })).toBeTruthy();
    expect(requests.filter(({ url }) => url.pathname === '/app-config.json')).toEqual([]);
  });

  it('closes the user menu with Escape, back on its button', async () => {
    await renderApp('/dashboard');
    await greeting();
    const button = screen.getByRole('button', { name: 'Benutzermenü' });
    fireEvent.click(button);
    fireEvent.keyDown(panelOf(button).getByRole('link', { name: 'Mein Profil' }), {
      key: 'Escape',
    });

    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(button).queryByRole('link', { name: 'Mein Profil' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('starts with a skip link to the content', async () => {
    await renderApp('/dashboard');
    await greeting();

    expect(screen.getAllByRole('link')[0]?.textContent).toBe('Zum Inhalt springen');
    fireEvent.click(screen.getByRole('link', { name: 'Zum Inhalt springen' }));
    expect(document.activeElement?.id).toBe('main-content');
    expect(window.location.hash).toBe('');
  });

  it('signs out from the user menu', async () => {
    const { session } = await renderApp('/dashboard');
    await greeting();
    fireEvent.click(screen.getByRole('button', { name: 'Benutzermenü' }));
    fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    expect(session.signOuts).toBe(1);
  });
});
