import { expectAccessibleState } from '../../support/axe.ts';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { signIn } from '../../support/sign-in.ts';
import { heading, open, REFUSED_NOTICE_DE, switchPractice } from './shell.ts';

const anna = DEMO_USERS[0];
const TEXTS = {
  de: {
    employees: 'Mitarbeitende',
    greeting: /^Guten Tag/,
    switched:
      'Sie arbeiten jetzt in der Praxis „Praxis am Markt“. Die Seite, auf der Sie waren, ist dort nur für Administratorinnen und Administratoren freigegeben – deshalb sehen Sie die Übersicht.',
    refused: REFUSED_NOTICE_DE,
  },
  en: {
    employees: 'Employees',
    greeting: /^(Hello|Good)/,
    switched:
      'You are now working in the practice “Praxis am Markt”. The page you were on is only available to administrators there, so you are seeing the dashboard.',
    refused: 'You do not have access to that page. We have taken you to the dashboard.',
  },
} as const;

test('a switch of practice keeps the screen when the new role may see it', async ({
  page,
  portal,
}) => {
  await page.goto(`${portal.url}/my-practice/location-overview?sort=name`);
  await signIn(page, anna.email);
  await expect(heading(page)).toHaveText('Standorte');

  await switchPractice(page, 'Praxis am Markt');

  await expect(page).toHaveURL(`${portal.url}/my-practice/location-overview?sort=name`);
  await expect(heading(page)).toHaveText('Standorte');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

// The notice's one accessibility check (issue 42, point 6), in both languages.
for (const language of ['de', 'en'] as const) {
  test(`a switch to a practice where an admin screen is closed leads to the dashboard with a neutral notice naming it (${language})`, async ({
    page,
    portal,
  }) => {
    const texts = TEXTS[language];
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/my-practice/employees-overview`);
    await signIn(page, anna.email);
    await expect(heading(page)).toHaveText(texts.employees);

    await switchPractice(page, 'Praxis am Markt');

    await expect(page).toHaveURL(`${portal.url}/dashboard`);
    await expect(heading(page)).toHaveText(texts.greeting);
    await expect(page.getByRole('alert').filter({ hasText: texts.switched })).toBeVisible();
    await expect(page.getByText(texts.refused)).toHaveCount(0);
    await expectAccessibleState(page);

    // A typed address the role may not open is still refused as such.
    await open(page, `${portal.url}/my-practice/employees-overview`);
    await expect(page).toHaveURL(`${portal.url}/dashboard`);
    await expect(page.getByRole('alert').filter({ hasText: texts.refused })).toBeVisible();
  });
}

test('an address in upper case is not found, not refused', async ({ page, portal }) => {
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, anna.email);
  await expect(heading(page)).toHaveText(/^Guten Tag/);

  for (const path of ['/DASHBOARD', '/My-Practice/Employees-Overview']) {
    await open(page, `${portal.url}${path}`);
    await expect(heading(page)).toHaveText('Seite nicht gefunden');
    await expect(page).toHaveURL(`${portal.url}${path}`);
    await expect(page.getByText(REFUSED_NOTICE_DE)).toHaveCount(0);
  }
});
