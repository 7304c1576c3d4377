import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { locationList } from '../../support/location-pages.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';

const clara = DEMO_USERS[2];
const REFUSED = 'Sie haben keinen Zugriff auf diese Seite. Wir haben Sie zur Übersicht geleitet.';

test('clara.wolf (member) sees the locations with hers marked, and cannot add or edit one', async ({
  page,
  portal,
}) => {
  await page.goto(`${portal.url}/my-practice/location-overview`);
  await signIn(page, clara.email);
  const list = locationList(page);
  await expect(list.entry('Praxis Mitte')).toContainText('Ihr Standort');
  await expect(list.entry('Praxis Prenzlauer Berg')).toBeVisible();
  await expect(list.entry('Praxis Prenzlauer Berg')).not.toContainText('Ihr Standort');
  await expect(page.getByText('Ihnen zugeordnet: Praxis Mitte')).toBeVisible();
  await expect(list.add).toHaveCount(0);
  await expect(list.list.getByRole('link')).toHaveCount(0);

  for (const path of [
    '/my-practice/location-overview/add',
    '/my-practice/location-overview/information-location?locationId=00000000-0000-4000-8000-000000000001',
  ]) {
    const loaded = customerDataLoaded(page);
    await page.goto(`${portal.url}${path}`);
    await loaded;
    await expect(page).toHaveURL(`${portal.url}/dashboard`);
    await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toBeVisible();
  }
});
