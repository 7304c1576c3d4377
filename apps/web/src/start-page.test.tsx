import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import de from '../public/assets/i18n/de.json';
import en from '../public/assets/i18n/en.json';
import { createI18n } from './i18n.ts';
import { StartPage } from './start-page.tsx';

const files: Record<string, unknown> = { 'de.json': de, 'en.json': en };
const requested: string[] = [];
const server = setupServer(
  http.get('*/assets/i18n/:file', ({ request, params }) => {
    requested.push(new URL(request.url).pathname);
    const body = files[String(params['file'])];
    return body ? HttpResponse.json(body) : new HttpResponse(null, { status: 404 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  requested.length = 0;
});
afterAll(() => server.close());

async function renderStartPage() {
  const i18n = await createI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <StartPage />
    </I18nextProvider>,
  );
}

describe('start page', () => {
  it('speaks German by default, addressing the user formally, with texts loaded over HTTP', async () => {
    await renderStartPage();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Praxisportal');
    expect(screen.getByText(/verwalten Sie Ihre Praxis/)).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    expect(requested).toEqual(['/assets/i18n/de.json']);
  });

  it('switches to English, sets <html lang> and remembers the choice', async () => {
    await renderStartPage();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'English' }));
    });

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Practice Portal');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('button', { name: 'Deutsch' }).getAttribute('lang')).toBe('de');
    expect(requested).toContain('/assets/i18n/en.json');

    cleanup();
    await renderStartPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Practice Portal');
  });
});

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('translation files', () => {
  it('German and English have the same keys', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(de).sort());
  });
});
