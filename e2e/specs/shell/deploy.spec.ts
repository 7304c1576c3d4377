import type { Page } from '@playwright/test';
import { expectAccessibleState } from '../../support/axe.ts';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import {
  announceNewBuild,
  breakScreenChunk,
  NEWSLETTER_SCREEN,
  removeScreenChunk,
} from '../../support/shell-chunks.ts';
import { signIn } from '../../support/sign-in.ts';
import { heading } from './shell.ts';
import { recordToasts } from '../../support/toasts.ts';

const clara = DEMO_USERS[2];

const TEXTS = {
  de: {
    navigation: 'Hauptnavigation',
    dashboard: 'Übersicht',
    newsletter: 'Newsletter',
    update: 'Eine neue Version ist verfügbar',
    failed: 'Diese Seite konnte nicht angezeigt werden',
    reload: 'Seite neu laden',
    back: 'Zur Übersicht',
    greeting: /^Guten Tag/,
  },
  en: {
    navigation: 'Main navigation',
    dashboard: 'Dashboard',
    newsletter: 'Newsletter',
    update: 'A new version is available',
    failed: 'This page could not be shown',
    reload: 'Reload page',
    back: 'To the dashboard',
    greeting: /^(Hello|Good)/,
  },
} as const;

/** Counts the documents the tab loads from now on (a reload is one). */
function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on('load', () => (loads.count += 1));
  return loads;
}

const navigation = (page: Page, language: 'de' | 'en') =>
  page.getByRole('navigation', { name: TEXTS[language].navigation });

async function signedIn(page: Page, portalUrl: string) {
  await page.goto(`${portalUrl}/dashboard`);
  await signIn(page, clara.email);
  await expect(heading(page)).toHaveText(/^Guten Tag|^Hello|^Good/);
}

test('a screen whose code is gone after a deploy reloads the tab once, and then shows', async ({
  page,
  portal,
}) => {
  await signedIn(page, portal.url);
  // The old version's chunk answers 404; after a reload, the new version's index names one that exists.
  await removeScreenChunk(page, NEWSLETTER_SCREEN, { untilReload: true });
  await announceNewBuild(page);
  const loads = countLoads(page);

  await navigation(page, 'de').getByRole('link', { name: 'Newsletter' }).click();

  await expect(heading(page)).toHaveText('Newsletter');
  await expect(page).toHaveURL(`${portal.url}/newsletter`);
  expect(loads.count).toBe(1);
  // The guard against a loop of reloads is gone once the screen showed.
  expect(await page.evaluate(() => Object.keys(window.sessionStorage))).toEqual(
    expect.not.arrayContaining(['pp.reloaded-for-update']),
  );
});

for (const [language, scheme] of [
  ['de', 'light'],
  ['en', 'dark'],
] as const) {
  test(`a screen whose code stays missing offers a reload inside the frame, and no loop of reloads (${language}, ${scheme})`, async ({
    browser,
    portal,
  }) => {
    const context = await browser.newContext({ colorScheme: scheme });
    await recordToasts(context);
    const page = await context.newPage();
    const texts = TEXTS[language];
    await usePortalLanguage(page, portal.url, language);
    await signedIn(page, portal.url);
    await removeScreenChunk(page, NEWSLETTER_SCREEN);
    await announceNewBuild(page);
    const loads = countLoads(page);

    await navigation(page, language).getByRole('link', { name: texts.newsletter }).click();

    await expect(heading(page)).toHaveText(texts.update);
    await expect(page).toHaveURL(`${portal.url}/newsletter`);
    // The frame stays: header and navigation.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(navigation(page, language)).toBeVisible();
    const reload = page.getByRole('main').getByRole('button', { name: texts.reload });
    await expect(reload).toBeVisible();
    await page.waitForTimeout(1_500);
    expect(loads.count).toBe(1);
    await expectAccessibleState(page);

    // Another screen works: a change of route clears the panel.
    await navigation(page, language).getByRole('link', { name: texts.dashboard }).click();
    await expect(heading(page)).toHaveText(texts.greeting);

    // With the new version in place, the reload button brings the screen.
    await navigation(page, language).getByRole('link', { name: texts.newsletter }).click();
    await expect(heading(page)).toHaveText(texts.update);
    await page.unrouteAll();
    await page.getByRole('main').getByRole('button', { name: texts.reload }).click();
    await expect(heading(page)).toHaveText('Newsletter');
    await context.close();
  });
}

for (const language of ['de', 'en'] as const) {
  test(`a screen that fails while rendering shows an error panel with a reload and a way back (${language})`, async ({
    browser,
    portal,
  }) => {
    const context = await browser.newContext();
    await recordToasts(context);
    const page = await context.newPage();
    const texts = TEXTS[language];
    await usePortalLanguage(page, portal.url, language);
    await signedIn(page, portal.url);
    await breakScreenChunk(page, NEWSLETTER_SCREEN);
    const loads = countLoads(page);

    await navigation(page, language).getByRole('link', { name: texts.newsletter }).click();

    await expect(heading(page)).toHaveText(texts.failed);
    await expect(navigation(page, language)).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: texts.reload })).toBeVisible();
    expect(loads.count).toBe(0);
    await expectAccessibleState(page);

    await page.getByRole('main').getByRole('link', { name: texts.back }).click();
    await expect(page).toHaveURL(`${portal.url}/dashboard`);
    await expect(heading(page)).toHaveText(texts.greeting);
    await context.close();
  });
}
