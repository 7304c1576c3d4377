import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@pp/contract';
import { clara } from '../../testing/demo-customers.ts';
import { fakeAccount } from '../../testing/fake-account.ts';
import { server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { LANGUAGE_KEY } from '../../lib/i18n/i18n.ts';

async function openCalendar(dateOfBirth: string | null) {
  server.use(...fakeAccount({ ...clara, dateOfBirth }).handlers);
  await renderApp(ROUTES.info);
  const button = await screen.findByRole('button', { name: /^(Kalender öffnen|Open calendar)$/ });
  fireEvent.click(button);
  const calendar = await screen.findByRole('dialog');
  return { button, calendar };
}

const weekdays = (calendar: HTMLElement) =>
  within(calendar)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

describe('the date of birth picker', () => {
  it('starts its weeks on Monday, in German', async () => {
    const { calendar } = await openCalendar('1990-03-07');

    expect(calendar.getAttribute('aria-label')).toBe('Geburtsdatum im Kalender wählen');
    expect(weekdays(calendar)).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    // March 1990 began on a Thursday: the first row starts with Monday, 26 February.
    const firstDay = within(calendar).getAllByRole('button', { name: /\d{4}$/ })[0];
    expect(firstDay?.getAttribute('aria-label')).toBe('26 Februar 1990');
    // The picker moves the focus to the chosen day once it has opened (after a frame).
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('7 März 1990'),
    );
  });

  it('starts its weeks on Monday in English too', async () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'en');
    const { calendar } = await openCalendar('1990-03-07');

    expect(weekdays(calendar)).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
  });

  it('writes the chosen day as dd.MM.yyyy and returns to its button; Escape closes it', async () => {
    const { button, calendar } = await openCalendar('1990-03-07');
    fireEvent.click(within(calendar).getByRole('button', { name: '15 März 1990' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('Geburtsdatum').value).toBe('15.03.1990');
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    const reopened = await screen.findByRole('dialog');
    fireEvent.keyDown(reopened, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('offers the decades first when no date is set yet', async () => {
    const { calendar } = await openCalendar(null);
    expect(within(calendar).getByRole('button', { name: '1985' })).toBeTruthy();
  });
});
