import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { expectSignedInAs, signIn } from '../../support/sign-in.ts';

const clara = DEMO_USERS[2];

test('a deep link with query and hash returns to itself after sign-in', async ({
  page,
  portal,
}) => {
  const deepLink = `${portal.url}/info?section=contact&q=token#phone`;
  await page.goto(deepLink);
  await expect(page).toHaveURL((url) => url.origin === portal.issuer);

  await signIn(page, clara.email);

  await expect(page).toHaveURL(deepLink);
  await expectSignedInAs(page, clara.name);
});
