import { expect, test } from '../../support/fixtures.ts';
import { contactOf, editInCrm, refreshPicklists, relabelOption } from '../../support/dataverse.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { E2E_CRM_SYNC_SECONDS } from '../../support/portal-server.ts';
import { profileForm, SAVED } from '../../support/profile-page.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { expectToast } from '../../support/toasts.ts';

// The shared portal keeps its customer records in a stand-in Dataverse (decisions 0061, 0063):
// what a person changes reaches the CRM's contact, what someone changes in the CRM reaches the
// person's screen, and the picklists are the CRM's option sets.

test('a profile change arrives in the CRM contact', async ({
  page,
  portal,
  createUser,
  request,
}) => {
  const user = await createUser();
  await usePortalLanguage(page, portal.url, 'de');
  await page.goto(`${portal.url}/info`);
  await signIn(page, user.email, user.password);
  const form = profileForm(page);
  await form.firstName.fill('Friederike');
  await form.phone.fill('+49 30 7654321');
  await form.save.click();
  await expectToast(page, SAVED);
  // The outbox sends it within a second or two.
  await expect
    .poll(async () => (await contactOf(request, portal, user.email)) ?? {}, { timeout: 15_000 })
    .toMatchObject({ firstname: 'Friederike', telephone1: '+49 30 7654321' });
});

test('a change made in the CRM shows in the portal within one sync interval', async ({
  page,
  portal,
  createUser,
  request,
}) => {
  const user = await createUser();
  await expect
    .poll(async () => contactOf(request, portal, user.email), { timeout: 15_000 })
    .toBeTruthy();
  await usePortalLanguage(page, portal.url, 'de');
  await page.goto(`${portal.url}/info`);
  await signIn(page, user.email, user.password);
  const form = profileForm(page);
  await expect(form.lastName).toHaveValue(user.name.split(' ')[1]!);

  const contact = (await contactOf(request, portal, user.email))!;
  await editInCrm(request, portal, 'contacts', String(contact.contactid), {
    lastname: 'Im-CRM-Geändert',
  });
  // One sync interval, and the page's next read of the customer (a reload) shows it. The form
  // is waited for as any screen is: a busy machine draws slowly.
  const edited = Date.now();
  let shownBy = 0;
  let longestTry = 0;
  await expect(async () => {
    const started = Date.now();
    try {
      const loaded = customerDataLoaded(page);
      await page.reload();
      await loaded;
      await expect(form.lastName).toBeVisible();
      await expect(form.lastName).toHaveValue('Im-CRM-Geändert', { timeout: 1_000 });
      shownBy = started;
    } finally {
      longestTry = Math.max(longestTry, Date.now() - started);
    }
  }).toPass({ timeout: 60_000, intervals: [1_000] });
  // It had arrived within two intervals of the edit (one to wait for the round, one for the
  // round): the try that showed it began at most one try (and the pause) after it arrived.
  expect(shownBy - edited).toBeLessThanOrEqual(
    (E2E_CRM_SYNC_SECONDS * 2 + 5) * 1000 + longestTry + 1_000,
  );
});

test('the picklists are the CRM option sets, in German and in English', async ({
  page,
  portal,
  createUser,
  request,
}) => {
  await relabelOption(request, portal, {
    optionSet: 'pp_salutation',
    externalValue: 'KEINE_ANGABE',
    labelDe: 'keine Angabe (aus dem CRM)',
    labelEn: 'Not specified (from the CRM)',
  });
  await refreshPicklists(request, portal);
  const user = await createUser();
  await usePortalLanguage(page, portal.url, 'de');
  await page.goto(`${portal.url}/info`);
  await signIn(page, user.email, user.password);
  const form = profileForm(page);
  await expect(form.salutation.locator('option[value="KEINE_ANGABE"]')).toHaveText(
    'keine Angabe (aus dem CRM)',
  );
  await usePortalLanguage(page, portal.url, 'en');
  const loaded = customerDataLoaded(page);
  await page.goto(`${portal.url}/info`);
  await loaded;
  await expect(form.salutation.locator('option[value="KEINE_ANGABE"]')).toHaveText(
    'Not specified (from the CRM)',
  );
});
