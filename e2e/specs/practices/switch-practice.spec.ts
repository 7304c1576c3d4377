import type { Page } from '@playwright/test';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { mainNavigation, myPracticePage } from '../../support/practice-pages.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';

const anna = DEMO_USERS[0];
const REFUSED = 'Sie haben keinen Zugriff auf diese Seite. Wir haben Sie zur Übersicht geleitet.';
const ADMIN_LINKS = ['Praxisdaten', 'Mitarbeitende'];

async function expectAdminNavigation(page: Page, shown: boolean) {
  for (const name of ADMIN_LINKS) {
    await expect(mainNavigation(page).getByRole('link', { name })).toHaveCount(shown ? 1 : 0);
  }
}

async function open(page: Page, url: string) {
  const loaded = customerDataLoaded(page);
  await page.goto(url);
  await loaded;
}

test('anna.sommer switches between her practices: her role and the navigation follow, across a reload', async ({
  page,
  portal,
}) => {
  await page.goto(`${portal.url}/my-practice`);
  await signIn(page, anna.email);
  const myPractice = myPracticePage(page);
  await expect(myPractice.active).toContainText('Zahnarztpraxis Dr. Sommer');
  await expect(myPractice.active).toContainText('Hauptadministratorin');
  await expect(myPractice.contracts).toContainText('Gültig ab 01.01.2025, unbefristet');
  await expect(myPractice.practice('Praxis am Markt')).toContainText('Mitglied');
  await expectAdminNavigation(page, true);

  // From the page: the active practice, the role and the navigation change at once.
  await myPractice.switchTo('Praxis am Markt').click();
  await expect(myPractice.active).toContainText('Praxis am Markt');
  await expect(myPractice.active).toContainText('Mitglied');
  await expect(myPractice.active).toContainText('Großer Burstah 12, 20457 Hamburg');
  await expect(myPractice.active.getByRole('heading', { name: 'Aktive Praxis' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Aktive Praxis: Praxis am Markt' })).toBeVisible();
  await expectAdminNavigation(page, false);

  // The admin routes stay closed while "Praxis am Markt" is active, also after a reload.
  await open(page, `${portal.url}/my-practice/information-practice`);
  await expect(page).toHaveURL(`${portal.url}/dashboard`);
  await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toBeVisible();
  await open(page, `${portal.url}/my-practice`);
  await expect(myPractice.active).toContainText('Praxis am Markt');
  await expectAdminNavigation(page, false);
  await open(page, `${portal.url}/my-practice/location-overview/add`);
  await expect(page).toHaveURL(`${portal.url}/dashboard`);

  // From the header's switcher: back to her own practice, where she is the superadmin.
  await page.getByRole('button', { name: 'Aktive Praxis: Praxis am Markt' }).click();
  await page.getByRole('button', { name: /^Zahnarztpraxis Dr. Sommer/ }).click();
  await expectAdminNavigation(page, true);
  await mainNavigation(page).getByRole('link', { name: 'Meine Praxis' }).click();
  await expect(myPractice.active).toContainText('Zahnarztpraxis Dr. Sommer');
  await expect(myPractice.active).toContainText('Hauptadministratorin');
});
