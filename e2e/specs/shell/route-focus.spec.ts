import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { signIn } from '../../support/sign-in.ts';
import { heading } from './shell.ts';

const anna = DEMO_USERS[0];

test('after a change of screen the focus is on the new heading, not on the clicked link', async ({
  page,
  portal,
}) => {
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, anna.email);
  await expect(heading(page)).toHaveText(/^Guten Tag/);
  // The first screen of a visit leaves the focus where the browser puts it.
  await expect(heading(page)).not.toBeFocused();

  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await navigation.getByRole('link', { name: 'Newsletter' }).click();
  await expect(heading(page)).toHaveText('Newsletter');
  await expect(heading(page)).toBeFocused();

  // By keyboard: the link, Enter, the heading of the screen it opens.
  await navigation.getByRole('link', { name: 'Standorte' }).focus();
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText('Standorte');
  await expect(heading(page)).toBeFocused();

  // Back in the history as well.
  await page.goBack();
  await expect(heading(page)).toHaveText('Newsletter');
  await expect(heading(page)).toBeFocused();

  // The next Tab goes on from the heading into the screen, not back to the navigation.
  await page.keyboard.press('Tab');
  await expect(navigation.locator(':focus')).toHaveCount(0);
});
