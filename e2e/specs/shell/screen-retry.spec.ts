import type { Page } from '@playwright/test';
import { expectAccessibleState } from '../../support/axe.ts';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { NEWSLETTER_SCREEN, refuseScreenChunk } from '../../support/shell-chunks.ts';
import { signIn } from '../../support/sign-in.ts';
import { heading } from './shell.ts';
import { recordToasts } from '../../support/toasts.ts';

// Issue 22, point 5: a screen whose code answered 503 (the overload protection) or could not be
// fetched offline reloaded the tab and then claimed a new version; offline, the reload ended on
// the browser's error page. Nothing was deployed: the tab tries again and says so.

const clara = DEMO_USERS[2];

const TEXTS = {
  de: {
    navigation: 'Hauptnavigation',
    newsletter: 'Newsletter',
    retrying: 'Verbindung unterbrochen – erneuter Versuch …',
    update: 'Eine neue Version ist verfügbar',
  },
  en: {
    navigation: 'Main navigation',
    newsletter: 'Newsletter',
    retrying: 'Connection lost – trying again …',
    update: 'A new version is available',
  },
} as const;

/** Counts the documents the tab loads from now on (a reload is one). */
function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on('load', () => (loads.count += 1));
  return loads;
}

async function signedIn(page: Page, portalUrl: string, language: 'de' | 'en') {
  await usePortalLanguage(page, portalUrl, language);
  await page.goto(`${portalUrl}/dashboard`);
  await signIn(page, clara.email);
  await expect(heading(page)).toHaveText(/^Guten Tag|^Hello|^Good/);
}

const openNewsletter = (page: Page, language: 'de' | 'en') =>
  page
    .getByRole('navigation', { name: TEXTS[language].navigation })
    .getByRole('link', { name: TEXTS[language].newsletter })
    .click();

for (const [language, scheme] of [
  ['de', 'light'],
  ['en', 'dark'],
] as const) {
  test(`a screen whose code answers 503 is tried again without a reload, and the frame says so (${language}, ${scheme})`, async ({
    browser,
    portal,
  }) => {
    const context = await browser.newContext({ colorScheme: scheme });
    await recordToasts(context);
    const page = await context.newPage();
    const texts = TEXTS[language];
    await signedIn(page, portal.url, language);
    const chunk = await refuseScreenChunk(page, NEWSLETTER_SCREEN);
    const loads = countLoads(page);

    await openNewsletter(page, language);

    const notice = page.getByRole('main').getByText(texts.retrying);
    await expect(notice).toBeVisible();
    // Tried again after a pause while refused, not reloaded.
    await expect.poll(chunk.requests).toBeGreaterThanOrEqual(2);
    await expectAccessibleState(page);
    expect(loads.count).toBe(0);

    chunk.release();
    // The next try comes after a growing pause (the longest is 15 s).
    await expect(heading(page)).toHaveText(texts.newsletter, { timeout: 20_000 });
    await expect(notice).toHaveCount(0);
    await expect(page.getByText(texts.update)).toHaveCount(0);
    expect(loads.count).toBe(0);
    await context.close();
  });
}

for (const language of ['de', 'en'] as const) {
  test(`offline, a screen waits for the connection instead of reloading, then shows (${language})`, async ({
    browser,
    portal,
  }) => {
    const context = await browser.newContext();
    await recordToasts(context);
    const page = await context.newPage();
    const texts = TEXTS[language];
    await signedIn(page, portal.url, language);
    const loads = countLoads(page);

    await context.setOffline(true);
    await openNewsletter(page, language);

    await expect(page.getByRole('main').getByText(texts.retrying)).toBeVisible();
    // The browser knows it is offline: the tab waits for its `online` event.
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    expect(loads.count).toBe(0);
    await expect(page.getByRole('navigation', { name: texts.navigation })).toBeVisible();

    await context.setOffline(false);
    await expect(heading(page)).toHaveText(texts.newsletter);
    await expect(page.getByText(texts.update)).toHaveCount(0);
    expect(loads.count).toBe(0);
    await context.close();
  });
}
