import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { customerDataLoaded, expectSignedInAs, signInForm } from '../../support/sign-in.ts';

// Most people finish the sign-in with Enter in the password field. The page's language switch is
// also a button of the sign-in form (it keeps the typed address), and it comes first on the page:
// Enter must still sign in, not switch the language and drop the password.
for (const language of ['de', 'en'] as const) {
  test(`Enter in the password field signs in (${language})`, async ({
    page,
    portal,
    createUser,
  }) => {
    const user = await createUser();
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/dashboard`);
    const form = signInForm(page);
    // The sign-in page's accessibility: provider-axe.spec.ts.
    await expect(form.password).toBeVisible();
    await form.email.fill(user.email);
    await form.password.fill(user.password);
    const loaded = customerDataLoaded(page);
    await form.password.press('Enter');
    await loaded;
    await expect(page).toHaveURL(`${portal.url}/dashboard`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expectSignedInAs(page, user.name);
  });
}

test('Enter in the address field signs in too, with the page keeping its language', async ({
  page,
  portal,
  createUser,
}) => {
  const user = await createUser();
  await usePortalLanguage(page, portal.url, 'de');
  await page.goto(portal.url);
  const form = signInForm(page);
  await form.password.fill(user.password);
  await form.email.fill(user.email);
  const loaded = customerDataLoaded(page);
  await form.email.press('Enter');
  await loaded;
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});
