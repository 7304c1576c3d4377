import type { Page } from '@playwright/test';
import { NEWSLETTER_CONSENT_VERSION, PreferencesSchema } from '@pp/contract';
import { expect, test } from '../../support/fixtures.ts';
import {
  germanDateAndTime,
  isPreferencesSave,
  newsletterForm,
} from '../../support/newsletter-page.ts';
import { linkFromMailbox } from '../../support/mailbox.ts';
import { SAVED } from '../../support/profile-page.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { expectToast } from '../../support/toasts.ts';

const SAVE_ERROR =
  'Ihre Änderungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.';

/** Saves the form; answers the consent on record the api returned. */
async function save(page: Page) {
  const request = page.waitForRequest((sent) => isPreferencesSave(sent.url(), sent.method()));
  const response = page.waitForResponse(
    (answer) => isPreferencesSave(answer.url(), answer.request().method()) && answer.ok(),
  );
  await newsletterForm(page).save.click();
  expect((await request).postDataJSON()).toMatchObject({
    wordingVersion: NEWSLETTER_CONSENT_VERSION,
  });
  const saved = PreferencesSchema.parse(await (await response).json());
  await expectToast(page, SAVED);
  return saved;
}

/** A saved change that counts at once (a withdrawal): its consent on record. */
async function saveWithdrawal(page: Page) {
  const saved = await save(page);
  if (!saved.consent) throw new Error('a withdrawal is on record at once');
  return saved.consent;
}

test('the newsletter choice survives a reload, and each saved change shows its consent record', async ({
  page,
  portal,
  createUser,
  request,
}) => {
  const user = await createUser();
  await page.goto(`${portal.url}/newsletter`);
  await signIn(page, user.email, user.password);
  const form = newsletterForm(page);
  await expect(form.consent).toContainText('Sie haben bisher keine Einwilligung erteilt.');
  await expect(form.form).toContainText('Fassung vom 22.11.2026');

  await form.subscribe.check();
  await form.choice('Produktneuheiten').check();
  await form.choice('Kundenmagazin').check();
  await form.choice('Prophylaxe').check();
  await form.choice('Hygiene und Medizinprodukteaufbereitung').check();
  // Double opt-in (decision 0077): the subscription counts once its mail's link confirms it.
  expect((await save(page)).pending).not.toBeNull();
  const confirmLink = await linkFromMailbox(
    request,
    portal.url,
    user.email,
    'newsletter-confirmation',
    '/newsletter/confirm',
  );
  expect((await request.post(confirmLink)).status()).toBe(200);
  const preferencesLoaded = page.waitForResponse(
    (answer) =>
      new URL(answer.url()).pathname === '/api/v1/Preferences/GetCurrentPreferences' && answer.ok(),
  );
  await page.reload();
  const first = PreferencesSchema.parse(await (await preferencesLoaded).json()).consent;
  if (!first) throw new Error('the confirmed subscription is on record');
  const shown = germanDateAndTime(first.recordedAt);
  await expect(form.consent).toContainText(
    `Ihre Einwilligung wurde zuletzt am ${shown.date} um ${shown.time} Uhr gespeichert (Einwilligungstext in der Fassung vom 22.11.2026).`,
  );

  const loaded = customerDataLoaded(page);
  await page.reload();
  await loaded;
  await expect(form.subscribe).toBeChecked();
  await expect(form.choice('Produktneuheiten')).toBeChecked();
  await expect(form.choice('Kundenmagazin')).toBeChecked();
  await expect(form.choice('Angebote und Aktionen')).not.toBeChecked();
  await expect(form.choice('Prophylaxe')).toBeChecked();
  await expect(form.choice('Hygiene und Medizinprodukteaufbereitung')).toBeChecked();
  await expect(form.consent).toContainText(`am ${shown.date} um ${shown.time} Uhr`);

  await form.choice('Prophylaxe').uncheck();
  const second = await saveWithdrawal(page);
  expect(Date.parse(second.recordedAt)).toBeGreaterThan(Date.parse(first.recordedAt));
  const shownAgain = germanDateAndTime(second.recordedAt);
  await expect(form.consent).toContainText(`am ${shownAgain.date} um ${shownAgain.time} Uhr`);

  await form.subscribe.uncheck();
  const third = await saveWithdrawal(page);
  const withdrawn = germanDateAndTime(third.recordedAt);
  await expect(form.consent).toContainText(
    `Sie haben den Newsletter am ${withdrawn.date} um ${withdrawn.time} Uhr abbestellt.`,
  );
  await page.reload();
  await expect(form.subscribe).not.toBeChecked();
  await expect(form.choice('Produktneuheiten')).toBeChecked();
  await expect(form.choice('Produktneuheiten')).toBeDisabled();
});

test('a failed save shows SAVE_ERROR and keeps the choice', async ({
  page,
  portal,
  createUser,
}) => {
  const user = await createUser();
  await page.goto(`${portal.url}/newsletter`);
  await signIn(page, user.email, user.password);
  const form = newsletterForm(page);
  await expect(form.form).toBeVisible();

  await page.route('**/api/v1/Preferences/UpdatePreferences', (route) =>
    route.fulfill({ status: 500, contentType: 'application/problem+json', body: '{}' }),
  );
  await form.subscribe.check();
  await form.choice('Angebote und Aktionen').check();
  await form.choice('Implantologie').check();
  await form.save.click();

  await expectToast(page, SAVE_ERROR, 'alert');
  await expect(form.subscribe).toBeChecked();
  await expect(form.choice('Angebote und Aktionen')).toBeChecked();
  await expect(form.choice('Implantologie')).toBeChecked();
  await expect(form.consent).toContainText('Sie haben bisher keine Einwilligung erteilt.');
});
