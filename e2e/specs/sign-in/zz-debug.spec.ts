import { test } from '../../support/fixtures.ts';
import { signIn, signOut } from '../../support/sign-in.ts';
test('debug', async ({ page, portal }) => {
  page.on('console', (m) => console.log('CONSOLE', m.type(), m.text()));
  page.on('request', (r) => console.log('REQ', r.method(), r.url().slice(0, 200)));
  page.on('response', (r) => console.log('RES', r.status(), r.url().slice(0, 120)));
  await page.goto(portal.url);
  await signIn(page, 'clara.wolf@example.com');
  await signOut(page).catch(() => undefined);
});
