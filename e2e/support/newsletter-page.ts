import type { Page } from '@playwright/test';

// How the portal's newsletter page looks to a user, in German or English.

export function newsletterForm(page: Page) {
  return {
    form: page.getByRole('form', { name: /^(Newsletter-Einstellungen|Newsletter settings)$/ }),
    subscribe: page.getByRole('checkbox', {
      name: /^(Ja, ich möchte den Newsletter erhalten\.|Yes, I would like to receive the newsletter\.)$/,
    }),
    /** A checkbox of the lists, by its label. */
    choice: (label: string) => page.getByRole('checkbox', { name: label, exact: true }),
    save: page.getByRole('button', { name: /^(Speichern|Save)$/ }),
    consent: page.getByRole('region', { name: /^(Ihre Einwilligung|Your consent)$/ }),
  };
}

/** Whether a request is the newsletter's save. */
export const isPreferencesSave = (url: string, method: string) =>
  method === 'PATCH' && new URL(url).pathname === '/api/v1/Preferences/UpdatePreferences';

const berlin = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', ...options });

/** A recorded moment as the page shows it: dd.MM.yyyy and HH:mm, German time. */
export function germanDateAndTime(iso: string) {
  const moment = new Date(iso);
  return {
    date: berlin({ day: '2-digit', month: '2-digit', year: 'numeric' }).format(moment),
    time: berlin({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(moment),
  };
}
