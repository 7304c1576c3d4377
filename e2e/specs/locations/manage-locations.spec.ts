import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { isLocationSave, locationForm, locationList } from '../../support/location-pages.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { expectToast } from '../../support/toasts.ts';

test.use({ portalScope: 'worker' });

// Sommer gets a location here: a portal of its own (portalScope 'worker').
const ben = DEMO_USERS[1];
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('ben.krause adds a location without phone and invoice e-mail, edits it, finds it and reloads its page', async ({
  page,
  portal,
}) => {
  const name = `Praxis Charlottenburg ${randomUUID().slice(0, 6)}`;
  await page.goto(`${portal.url}/my-practice/location-overview`);
  await signIn(page, ben.email);
  const list = locationList(page);
  await expect(list.entry('Praxis Mitte')).toBeVisible();

  await list.add.click();
  await expect(heading(page)).toHaveText('Standort hinzufügen');
  const form = locationForm(page);
  await form.name.fill(name);
  await form.street.fill('Kantstraße 5');
  await form.postalCode.fill('10623');
  await form.city.fill('Berlin');
  await form.phone.fill(' ');
  const created = page.waitForRequest((request) => isLocationSave(request.url(), request.method()));
  await form.create.click();
  // docs/specification.md §5: an empty phone number or invoice e-mail is sent as null.
  expect((await created).postDataJSON()).toMatchObject({
    name,
    phoneNumber: null,
    invoiceMail: null,
  });

  await expect(heading(page)).toHaveText('Standorte');
  await expectToast(page, 'Der Standort wurde angelegt.');
  const entry = list.entry(name);
  await expect(entry).toContainText('Kantstraße 5, 10623 Berlin');

  await entry.getByRole('link', { name }).click();
  await expect(heading(page)).toHaveText('Standortdaten');
  await expect(page).toHaveURL(/information-location\?locationId=[0-9a-f-]{36}$/);
  await expect(form.phone).toHaveValue('');
  await form.phone.fill('+49 30 5550199');
  await form.invoiceMail.fill('Rechnung@Praxis-Charlottenburg.example.com');
  const saved = page.waitForResponse((response) =>
    isLocationSave(response.url(), response.request().method()),
  );
  await form.save.click();
  expect((await saved).status()).toBe(200);
  await expectToast(page, 'Ihre Änderungen wurden gespeichert.');
  const informationPage = page.url();

  await page.getByRole('link', { name: 'Zur Standortliste' }).click();
  await expect(heading(page)).toHaveText('Standorte');
  await list.search.fill(name.slice(-6));
  await list.searchButton.click();
  await expect(page.getByText('Gefundene Standorte: 1')).toBeVisible();
  await expect(list.entry(name)).toContainText('+49 30 5550199');
  await expect(list.entry(name)).toContainText('rechnung@praxis-charlottenburg.example.com');

  const loaded = customerDataLoaded(page);
  await page.goto(informationPage);
  await loaded;
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(form.phone).toHaveValue('+49 30 5550199');
  const reloaded = customerDataLoaded(page);
  await page.reload();
  await reloaded;
  await expect(form.name).toHaveValue(name);
  await expect(form.invoiceMail).toHaveValue('rechnung@praxis-charlottenburg.example.com');
});
