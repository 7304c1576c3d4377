import type { Browser, Page } from '@playwright/test';
import { recordToasts } from './toasts.ts';

/**
 * Makes the portal start in this language, as if the user had chosen it in the header (the
 * shell's key in localStorage); the portal passes it to the provider as `ui_locales`.
 */
export async function usePortalLanguage(page: Page, portalUrl: string, language: 'de' | 'en') {
  await page.addInitScript(
    ({ origin, lang }) => {
      if (window.location.origin === origin) window.localStorage.setItem('pp.language', lang);
    },
    { origin: new URL(portalUrl).origin, lang: language },
  );
}

/** A browser of its own (a context) in this language and scheme, its clock under the test. */
export async function newBrowserPage(
  browser: Browser,
  portalUrl: string,
  language: 'de' | 'en',
  colorScheme: 'light' | 'dark',
): Promise<Page> {
  const context = await browser.newContext({ colorScheme });
  await context.clock.install();
  await recordToasts(context);
  const page = await context.newPage();
  await usePortalLanguage(page, portalUrl, language);
  return page;
}
