import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@pp/contract';
import { LANGUAGE_KEY } from '../../lib/i18n/i18n.ts';
import { anna, ben } from '../../testing/demo-customers.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { renderApp } from '../../testing/render-app.tsx';

// Moved from e2e/specs/shell/look-greeting.spec.ts (issue 42, point 6): the dashboard greets by
// salutation, short title and surname, and names the role in the form of the salutation.
const EXPECTED = {
  de: {
    anna: { greeting: 'Guten Tag, Frau Dr. Sommer', role: 'Ihre Rolle: Hauptadministratorin' },
    ben: { greeting: 'Guten Tag, Herr Krause', role: 'Ihre Rolle: Administrator' },
  },
  en: {
    anna: { greeting: 'Hello, Dr Sommer', role: 'Your role: Main administrator' },
    ben: { greeting: 'Hello, Mr Krause', role: 'Your role: Administrator' },
  },
} as const;

describe.each(['de', 'en'] as const)('/dashboard greets (%s)', (language) => {
  it.each([
    ['Frau Dr. Sommer', anna, 'anna'],
    ['Herr Krause', ben, 'ben'],
  ] as const)(
    '%s by salutation, short title and surname, with the role',
    async (_, customer, key) => {
      window.localStorage.setItem(LANGUAGE_KEY, language);
      fakePortal(customer);
      await renderApp(ROUTES.dashboard);
      const expected = EXPECTED[language][key];
      expect(
        await screen.findByRole('heading', { level: 1, name: expected.greeting }),
      ).toBeTruthy();
      const active = screen.getByRole('region', { name: /^(Aktive Praxis|Active practice)$/ });
      expect(active.textContent).toContain(expected.role);
      expect(active.textContent).not.toContain('/-in');
    },
  );
});
