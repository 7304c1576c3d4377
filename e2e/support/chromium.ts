/**
 * Debian's Chromium (Playwright cannot download browsers here) and the flags it runs with
 * headless on these machines: DEVELOPERS.md "Browser". Shared by the e2e config, Lighthouse and
 * the screenshots.
 */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
