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
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'chromium' },
    // The employee list's specs again on a 360 px phone, where its rows are compact blocks and
    // its actions a menu (issue 22, decision 0057). Only these: the whole suite twice would
    // double CI's time. A spec that sets its own viewport has nothing to add here.
    {
      name: 'phone',
      testMatch: 'employees/**/*.spec.ts',
      testIgnore: 'employees/staff-list-layout.spec.ts',
      use: { viewport: { width: 360, height: 720 } },
    },
  ],
});
