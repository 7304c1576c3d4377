import { expectNoAxeViolations } from '../../support/axe.ts';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { signIn } from '../../support/sign-in.ts';
import { heading, open, REFUSED_NOTICE_DE, switchPractice } from './shell.ts';

const anna = DEMO_USERS[0];
const SWITCHED_TO_MARKT =
  'Sie arbeiten jetzt in der Praxis „Praxis am Markt“. Die Seite, auf der Sie waren, ist dort nur für Administratorinnen und Administratoren freigegeben – deshalb sehen Sie die Übersicht.';

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

test('a switch to a practice where an admin screen is closed leads to the dashboard with a neutral notice naming it', async ({
  page,
  portal,
}) => {
  await page.goto(`${portal.url}/my-practice/employees-overview`);
  await signIn(page, anna.email);
  await expect(heading(page)).toHaveText('Mitarbeitende');

  await switchPractice(page, 'Praxis am Markt');

  await expect(page).toHaveURL(`${portal.url}/dashboard`);
  await expect(heading(page)).toHaveText(/^Guten Tag/);
  await expect(page.getByRole('alert').filter({ hasText: SWITCHED_TO_MARKT })).toBeVisible();
  await expect(page.getByText(REFUSED_NOTICE_DE)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A typed address the role may not open is still refused as such.
  await open(page, `${portal.url}/my-practice/employees-overview`);
  await expect(page).toHaveURL(`${portal.url}/dashboard`);
  await expect(page.getByRole('alert').filter({ hasText: REFUSED_NOTICE_DE })).toBeVisible();
});

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
