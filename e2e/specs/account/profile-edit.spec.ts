import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { isProfileSave, profileForm, SAVED } from '../../support/profile-page.ts';
import { customerDataLoaded, expectSignedInAs, signIn } from '../../support/sign-in.ts';
import { expectToast } from '../../support/toasts.ts';

test.use({ portalScope: 'worker' });

// Clara's own data changes here: these tests run on a portal of their own (portalScope 'worker'),
// and each sets what it checks, whatever the other left behind.
const CLARA = 'clara.wolf@example.com';

async function openProfile(page: Page, portalUrl: string) {
  // German chosen in this browser: the first test saves English as Clara's preferred language,
  // which a fresh browser would otherwise show (issue 22, point 11).
  await usePortalLanguage(page, portalUrl, 'de');
  await page.goto(`${portalUrl}/info`);
  await signIn(page, CLARA);
  await expect(profileForm(page).form).toBeVisible();
}

async function saveProfile(page: Page) {
  const saved = page.waitForResponse(
    (response) => isProfileSave(response.url(), response.request().method()) && response.ok(),
  );
  await profileForm(page).save.click();
  await saved;
  await expectToast(page, SAVED);
}

async function reload(page: Page) {
  const loaded = customerDataLoaded(page);
  await page.reload();
  await loaded;
  await expect(profileForm(page).form).toBeVisible();
}

test('clara.wolf edits every field of her profile and finds it all again after a reload', async ({
  page,
  portal,
}) => {
  await openProfile(page, portal.url);
  const form = profileForm(page);

  await form.salutation.selectOption('DIVERS');
  await form.title.selectOption({ label: 'Dr. med. dent.' });
  await form.firstName.fill('Clara Maria');
  await form.lastName.fill('Wolf-Berger');
  await form.dateOfBirth.fill('28/2/1990');
  await form.phone.fill('+49 30 1234567');
  await expect(form.dateOfBirth).toHaveValue('28.02.1990');
  await form.position.selectOption({ label: 'Empfang / Rezeption' });
  await form.profession.selectOption('DENTAL_ASSISTANT');
  await form.otherIndustry.selectOption('DENTAL_LAB');
  await form.preferredLanguage.selectOption('en');
  await saveProfile(page);

  await reload(page);
  await expect(form.salutation).toHaveValue('DIVERS');
  await expect(form.title).toHaveValue('DR_MED_DENT');
  await expect(form.firstName).toHaveValue('Clara Maria');
  await expect(form.lastName).toHaveValue('Wolf-Berger');
  await expect(form.dateOfBirth).toHaveValue('28.02.1990');
  await expect(form.phone).toHaveValue('+49 30 1234567');
  await expect(form.position).toHaveValue('RECEPTION');
  await expect(form.profession).toHaveValue('DENTAL_ASSISTANT');
  await expect(form.otherIndustry).toHaveValue('DENTAL_LAB');
  await expect(form.preferredLanguage).toHaveValue('en');
  await expectSignedInAs(page, 'Clara Maria Wolf-Berger');
});

test('an empty salutation and title (UNDEFINED) are sent as null and stay empty after a reload', async ({
  page,
  portal,
}) => {
  await openProfile(page, portal.url);
  const form = profileForm(page);
  // Both hold a value first, so that emptying them is a change.
  await form.salutation.selectOption('HERR');
  await form.title.selectOption('PROF');
  await saveProfile(page);
  await reload(page);
  await expect(form.salutation).toHaveValue('HERR');
  await expect(form.title).toHaveValue('PROF');

  await form.salutation.selectOption('UNDEFINED');
  await form.title.selectOption('UNDEFINED');
  const request = page.waitForRequest((sent) => isProfileSave(sent.url(), sent.method()));
  await saveProfile(page);
  const body: unknown = (await request).postDataJSON();
  expect(body).toMatchObject({ salutation: null, title: null });
  // Only the fields a customer edits: no id, e-mail or practices.
  expect(Object.keys(body ?? {}).sort()).toEqual(
    [
      'dateOfBirth',
      'firstName',
      'lastName',
      'otherIndustry',
      'phone',
      'position',
      'preferredLanguage',
      'profession',
      'salutation',
      'title',
    ].sort(),
  );

  await reload(page);
  await expect(form.salutation).toHaveValue('UNDEFINED');
  await expect(form.title).toHaveValue('UNDEFINED');
  await expect(form.title.locator('option:checked')).toHaveText('Keine Auswahl');
});
