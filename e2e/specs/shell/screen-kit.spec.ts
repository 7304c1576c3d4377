import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { signIn } from '../../support/sign-in.ts';
import { heading } from './shell.ts';

const clara = DEMO_USERS[2];

// Once the dashboard is up, the browser fetches what the other screens share (the build lists it
// in index.html, decision 0091) at the lowest priority; opening a screen then takes those files
// from its cache instead of the network.
test('the screens’ shared code is fetched after the dashboard and a screen opened later uses that copy', async ({
  page,
  portal,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const fetched: { url: string; cached: boolean }[] = [];
  cdp.on('Network.responseReceived', ({ response }) => {
    fetched.push({
      url: new URL(response.url).pathname,
      cached: Boolean(response.fromPrefetchCache || response.fromDiskCache),
    });
  });

  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, clara.email);
  await expect(heading(page)).toHaveText('Guten Tag, Frau Wolf');

  const kit = (await page.locator('meta[name="pp-screen-kit"]').getAttribute('content'))!.split(
    ' ',
  );
  expect(kit.length).toBeGreaterThan(3);
  await expect
    .poll(() => kit.filter((file) => fetched.some(({ url }) => url === file)).length, {
      message: 'every file of the kit is fetched once the dashboard is up',
      timeout: 15_000,
    })
    .toBe(kit.length);
  expect(await page.locator('link[rel="prefetch"]').count()).toBe(kit.length);

  const before = fetched.length;
  await page.getByRole('link', { name: 'Mein Profil' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mein Profil');
  const opened = fetched.slice(before).filter(({ url }) => kit.includes(url));
  expect(opened.length, 'the profile screen uses files of the kit').toBeGreaterThan(0);
  expect(opened.filter(({ cached }) => !cached)).toEqual([]);
});
