import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { signIn, signInForm } from '../../support/sign-in.ts';
import { heading } from './shell.ts';
import { withIdleTimeout } from '../../support/idle-timeout.ts';

const clara = DEMO_USERS[2];

// The portal's idle timeout is IDLE_TIMEOUT_MINUTES (30 by default, as the shared portal runs).
// Instead of waiting half an hour, the browser's clock is moved forward.

test('IDLE_TIMEOUT_MINUTES=1 signs out after one minute, warning 12 s before', async ({
  page,
  portal,
}) => {
  // The deployment's setting as /app-config.json would carry IDLE_TIMEOUT_MINUTES=1.
  await withIdleTimeout(page, 1);
  await page.clock.install();
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, clara.email);
  await expect(heading(page)).toBeVisible();

  // The warning is a fifth of a timeout this short: it shows from 48 s on, not after a minute.
  await page.clock.fastForward('00:50');
  const dialog = page.getByRole('dialog', { name: 'Sind Sie noch da?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('timer')).toHaveText(/in (\d|1[0-2]) Sekunden abgemeldet/);
  // The sign-out is due one minute after the last activity, not two.
  await page.clock.fastForward('00:11');
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

  await page.clock.fastForward('28:45');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The warning counts down the last minute of the 30.
  await page.clock.fastForward('00:20');
  const dialog = page.getByRole('dialog', { name: 'Sind Sie noch da?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('timer')).toHaveText(/in \d+ Sekunden abgemeldet/);

  await page.clock.fastForward('00:56');
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

  await page.clock.fastForward('09:05');
  const dialog = page.getByRole('dialog', { name: 'Sind Sie noch da?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Angemeldet bleiben' }).click();
  await expect(dialog).toBeHidden();

  await page.clock.fastForward('02:00');
  await expect(page).toHaveURL(`${portal.url}/dashboard`);
  await expect(heading(page)).toBeVisible();
});
