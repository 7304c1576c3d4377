import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { signIn, signInForm } from '../../support/sign-in.ts';
import { heading } from './shell.ts';

const clara = DEMO_USERS[2];

// The portal's idle timeout is IDLE_TIMEOUT_MINUTES (30 by default, as the shared portal runs).
// Instead of waiting half an hour, the browser's clock is moved forward.

test('a short configured timeout signs out after that many minutes', async ({ page, portal }) => {
  // The deployment's setting as /app-config.json would carry IDLE_TIMEOUT_MINUTES=1.
  await page.route('**/app-config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), idleTimeoutMinutes: 1 } });
  });
  await page.clock.install();
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, clara.email);
  await expect(heading(page)).toBeVisible();

  await page.clock.fastForward('01:05');
  await expect(page.getByRole('dialog', { name: 'Sind Sie noch da?' })).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL((url) => url.origin === portal.issuer);
  // The provider session ended too: the next person at this computer must sign in.
  await expect(signInForm(page).password).toBeVisible();
  await page.goto(`${portal.url}/dashboard`);
  await expect(signInForm(page).password).toBeVisible();
});

test('after the idle timeout the user is warned, then signed out', async ({ page, portal }) => {
  await page.clock.install();
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, clara.email);
  await expect(heading(page)).toBeVisible();

  await page.clock.fastForward('29:00');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.clock.fastForward('01:05');
  const dialog = page.getByRole('dialog', { name: 'Sind Sie noch da?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('timer')).toHaveText(/in \d+ Sekunden abgemeldet/);

  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL((url) => url.origin === portal.issuer);
});

test('"stay signed in" ends the warning, and activity postpones it', async ({ page, portal }) => {
  await page.clock.install();
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, clara.email);
  await expect(heading(page)).toBeVisible();

  await page.clock.fastForward('20:00');
  await page.mouse.move(10, 200);
  await page.keyboard.press('Shift');
  await page.clock.fastForward('20:00');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.clock.fastForward('10:05');
  const dialog = page.getByRole('dialog', { name: 'Sind Sie noch da?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Angemeldet bleiben' }).click();
  await expect(dialog).toBeHidden();

  await page.clock.fastForward('02:00');
  await expect(page).toHaveURL(`${portal.url}/dashboard`);
  await expect(heading(page)).toBeVisible();
});
