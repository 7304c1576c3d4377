import { expectNoAxeViolations } from '../../support/axe.ts';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { signIn } from '../../support/sign-in.ts';
import { heading } from './shell.ts';
import { recordToasts } from '../../support/toasts.ts';

// Issue 12: the dashboard greets in German usage, with the short title and the surname, and
// names the role in the form that goes with the salutation (decision 0040).
const [anna, ben] = DEMO_USERS;

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

for (const language of ['de', 'en'] as const) {
  test(`the dashboard greets Frau Dr. Sommer and Herr Krause by salutation, short title and surname (${language})`, async ({
    browser,
    portal,
  }) => {
    for (const [user, expected] of [
      [anna, EXPECTED[language].anna],
      [ben, EXPECTED[language].ben],
    ] as const) {
      const context = await browser.newContext();
      await recordToasts(context);
      const page = await context.newPage();
      await usePortalLanguage(page, portal.url, language);
      await page.goto(`${portal.url}/dashboard`);
      await signIn(page, user.email);
      await expect(heading(page)).toHaveText(expected.greeting);
      const active = page.getByRole('region', { name: /^(Aktive Praxis|Active practice)$/ });
      await expect(active).toContainText(expected.role);
      await expect(active).not.toContainText('/-in');
      await expectNoAxeViolations(page);
      await context.close();
    }
  });
}
