import { randomUUID } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { locationForm, locationList } from '../../support/location-pages.ts';
import { signIn } from '../../support/sign-in.ts';
import { expectToast } from '../../support/toasts.ts';

// Saves answered by a server failure show MESSAGES.GET_ERROR (the specification's catalogue for
// locations), never the save error; nothing reaches the api, so the demo data stays as it is.
const GET_ERROR = 'Die Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.';
const SAVE_ERROR =
  'Ihre Änderungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.';
const ben = DEMO_USERS[1];

const failWith500 = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/problem+json',
    body: JSON.stringify({
      type: 'about:blank',
      title: 'Error',
      status: 500,
      code: 'internal_error',
    }),
  });

async function expectGetError(page: Page) {
  await expectToast(page, GET_ERROR, 'alert');
  await expect(page.getByText(SAVE_ERROR)).toHaveCount(0);
}

test('a failed creation shows GET_ERROR and keeps the input', async ({
  page,
  portal,
  createUser,
}) => {
  const user = await createUser({ practices: [{ name: `Praxis ${randomUUID().slice(0, 6)}` }] });
  await page.goto(`${portal.url}/my-practice/location-overview/add`);
  await signIn(page, user.email, user.password);
  await page.route('**/api/v1/Location/CreateLocation', failWith500);
  const form = locationForm(page);
  await form.name.fill('Filiale Süd');
  await form.street.fill('Hauptstraße 1');
  await form.postalCode.fill('80331');
  await form.city.fill('München');
  await form.create.click();

  await expectGetError(page);
  await expect(form.name).toHaveValue('Filiale Süd');
  await expect(form.city).toHaveValue('München');
  await expect(form.create).toBeEnabled();
});

test('a failed update shows GET_ERROR and keeps the input', async ({ page, portal }) => {
  await page.goto(`${portal.url}/my-practice/location-overview`);
  await signIn(page, ben.email);
  await page.route('**/api/v1/Location/UpdateLocation', failWith500);
  await locationList(page).entry('Praxis Mitte').getByRole('link').click();
  const form = locationForm(page);
  await expect(form.name).toHaveValue('Praxis Mitte');
  await form.phone.fill('+49 30 9998887');
  await form.save.click();

  await expectGetError(page);
  await expect(form.phone).toHaveValue('+49 30 9998887');
});
