import { expectAccessibleState } from '../../support/axe.ts';
import { contactOf, editInCrm, throttleCrm } from '../../support/dataverse.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { expect, test } from '../../support/fixtures.ts';
import { crmNotice, profileForm, SAVED } from '../../support/profile-page.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { expectToast } from '../../support/toasts.ts';

test.use({ portalScope: 'own' });

// A field the person changed while someone changed it in the CRM keeps the CRM's value, and the
// person is told on their next visit to the profile (decision 0061). On a portal of its own: the
// spec makes its stand-in answer 429 for a while, which the shared portal's specs must not see.

for (const language of ['de', 'en'] as const) {
  test(`a change that met a change in the CRM keeps the CRM's value and says so (${language})`, async ({
    page,
    portal,
    createUser,
    request,
  }) => {
    const user = await createUser();
    await expect
      .poll(async () => contactOf(request, portal, user.email), { timeout: 15_000 })
      .toBeTruthy();
    const contact = (await contactOf(request, portal, user.email))!;
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/info`);
    await signIn(page, user.email, user.password);
    const form = profileForm(page);

    // The CRM is busy: the portal takes the change and keeps it in its outbox …
    await throttleCrm(request, portal, true);
    try {
      await form.phone.fill('+49 30 2000');
      await form.save.click();
      await expectToast(page, SAVED);
      // … while someone changes the same field in the CRM.
      await editInCrm(request, portal, 'contacts', String(contact.contactid), {
        telephone1: '+49 30 3000',
      });
    } finally {
      await throttleCrm(request, portal, false);
    }
    // The write meets the CRM's change (412): the CRM's value stays, here and there.
    await expect
      .poll(async () => (await contactOf(request, portal, user.email))?.telephone1, {
        timeout: 20_000,
      })
      .toBe('+49 30 3000');
    const notice = crmNotice(page);
    await expect(async () => {
      const loaded = customerDataLoaded(page);
      await page.reload();
      await loaded;
      // The profile and the notices are two reads: both after the merge. The form is waited for
      // as any screen is (a busy machine draws slowly); then the notice must be there.
      await expect(form.phone).toBeVisible();
      await expect(notice.notice).toBeVisible({ timeout: 1_000 });
      await expect(form.phone).toHaveValue('+49 30 3000', { timeout: 1_000 });
    }).toPass({ timeout: 60_000, intervals: [1_000] });
    await expect(notice.notice).toContainText(language === 'de' ? 'Telefon' : 'Phone');
    await expectAccessibleState(page);

    await notice.dismiss.focus();
    await page.keyboard.press('Enter');
    await expect(notice.notice).toBeHidden();
    const loaded = customerDataLoaded(page);
    await page.reload();
    await loaded;
    await expect(form.form).toBeVisible();
    await expect(notice.notice).toBeHidden();
  });
}
