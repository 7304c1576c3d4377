import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './support/chromium.ts';

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Debian's Chromium 156 (8078.108) renders and analyses pages about twice as slowly as the
  // build these limits were set with; a passing test takes no longer for a higher limit.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env['CI'] ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { ...(CHROMIUM ? { executablePath: CHROMIUM } : {}), args: CHROMIUM_FLAGS },
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // A failed test keeps its trace with the page's DOM at each step; without the screencast,
    // which cost a tenth of the suite's CPU time on a two-core machine.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    { name: 'chromium' },
    // The employee list's flows again on a 360 px phone, where its rows are compact blocks and
    // its actions a menu (issue 22, decision 0057): the list with its dialogs and form, inviting,
    // disabling, handing over, accepting, an expired link. Only these: the whole suite twice
    // would double CI's time, and the specs of the list's order and words (German order,
    // refusal texts, wording, an invitation for another) use the same menu and rows as these.
    {
      name: 'phone',
      testMatch: [
        'employees/accessibility.spec.ts',
        'employees/invite-new-person.spec.ts',
        'employees/superadmin-handover.spec.ts',
        'employees/existing-customer-invitation.spec.ts',
        'employees/expired-invitation.spec.ts',
      ],
      use: { viewport: { width: 360, height: 720 } },
    },
  ],
});
