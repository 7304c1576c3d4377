import { DEMO_USERS } from '../../support/demo-users.ts';
import { employeeList } from '../../support/employee-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { signIn } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

// Issue 12: role names follow the salutation ("Administratorin"), badges are in normal case.
const ben = DEMO_USERS[1];

const ROLES = {
  de: {
    'Dr. med. dent. Anna Sommer': 'Hauptadministratorin',
    'Ben Krause': 'Administrator',
    'Clara Wolf': 'Mitglied',
  },
  en: {
    'Dr. med. dent. Anna Sommer': 'Main administrator',
    'Ben Krause': 'Administrator',
    'Clara Wolf': 'Member',
  },
} as const;

for (const language of ['de', 'en'] as const) {
  test(`the employee list names each role in the form of the person's salutation, badges in normal case (${language})`, async ({
    browser,
    portal,
  }) => {
    const context = await browser.newContext();
    await recordToasts(context);
    const page = await context.newPage();
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/my-practice/employees-overview`);
    await signIn(page, ben.email);
    const list = employeeList(page);
    for (const [name, role] of Object.entries(ROLES[language])) {
      const badge = list.entry(name).getByText(role, { exact: true });
      await expect(badge).toBeVisible();
      await expect(badge).toHaveCSS('text-transform', 'none');
      // What the eye reads is the text as written, not "HAUPTADMINISTRATORIN".
      expect(await badge.evaluate((element) => (element as HTMLElement).innerText)).toBe(role);
    }
    await context.close();
  });
}
