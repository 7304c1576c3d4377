import { existsSync } from 'node:fs';

/**
 * The Chromium the end-to-end tests, Lighthouse and the screenshots drive (DEVELOPERS.md
 * "Browser"): `CHROMIUM_PATH`, else a system Chromium or Chrome where one is installed (Debian's
 * on CI, where Playwright cannot download browsers), else undefined — Playwright's own browser,
 * where `npx playwright install chromium` could fetch it.
 */
const SYSTEM_BROWSERS = [
  // Debian's browser itself, not its launcher `/usr/bin/chromium`: the launcher adds desktop
  // flags (GPU rasterisation, extension loading) that made the suite about 10 % slower here.
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export const CHROMIUM: string | undefined =
  process.env['CHROMIUM_PATH'] || SYSTEM_BROWSERS.find((path) => existsSync(path));

/** The flags it runs with headless on these machines (no network beyond the portal). */
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

/** The one line that says what to do when no browser can be started. */
export function missingBrowserMessage(playwrightBrowser: string): string | undefined {
  if (CHROMIUM !== undefined) {
    return existsSync(CHROMIUM)
      ? undefined
      : `CHROMIUM_PATH names ${CHROMIUM}, which does not exist: point it to a Chromium or Chrome.`;
  }
  if (existsSync(playwrightBrowser)) return undefined;
  return (
    'No Chromium found for the end-to-end tests: install Chromium or Chrome, set CHROMIUM_PATH, ' +
    'or run `npx playwright install chromium` (README, "The two commands").'
  );
}
