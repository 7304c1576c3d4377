import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { expectSignedInAs, signIn, signInForm, signOut } from '../../support/sign-in.ts';

for (const user of DEMO_USERS) {
  test(`${user.email} signs in, sees their name and signs out`, async ({ page, portal }) => {
    await page.goto(portal.url);
    await expect(page).toHaveURL((url) => url.origin === portal.issuer);

    await signIn(page, user.email);
    await expect(page).toHaveURL((url) => url.origin === portal.url);
    await expectSignedInAs(page, user.name);

    await signOut(page);
    // Back at the portal without a session, which sends the browser to the provider again.
    await expect(signInForm(page).password).toBeVisible();
    await expect(page).toHaveURL((url) => url.origin === portal.issuer);
  });
}
