import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import axe from 'axe-core';
import { AXE_RULE_TAGS } from '../../apps/web/src/features/accessibility-statement/measured.ts';
import { expectMantineStylesLoaded } from './mantine-styles.ts';

const SCHEMES = ['light', 'dark'] as const;

/** The rules the accessibility statement names (`measured.ts`): WCAG 2.x A and AA, best practices. */
const TAGS = [...AXE_RULE_TAGS];

/**
 * One axe analysis of the page. `AxeBuilder` evaluates axe's half-megabyte source in the page
 * on every call and then once more in a blank page it opens for `axe.finishRun`, which is how
 * it collects the results of frames on other origins: on Debian's Chromium that is about half a
 * second per analysis, as long as the analysis itself. A page without frames has nothing to
 * collect, so axe is put into it once (again after a navigation) and `axe.run` analyses the same
 * document with the same rules; a page with frames keeps `AxeBuilder` (decision 0040, update).
 */
async function analyze(page: Page): Promise<axe.AxeResults> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).withTags(TAGS).analyze();
  const present = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!present) await page.evaluate(axe.source);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
      }),
    TAGS,
  );
}

/** What one call (both schemes) may add to a test's time. */
const AXE_SECONDS = 20;

/**
 * Runs axe-core (WCAG 2.x A and AA, plus best practices) in the light and the dark colour
 * scheme and expects no violation in either, and every Mantine component on the page to have
 * its styles ({@link expectMantineStylesLoaded}): a missing stylesheet breaks a layout that axe
 * does not see. The portal's default scheme follows the media
 * query, so emulating it switches the page; a scheme the page pinned (`pp.color-scheme`) wins.
 * The emulation the test had before is restored afterwards.
 *
 * Specs call {@link expectAccessibleState}, which runs this once per screen state (issue 42).
 */
async function expectNoAxeViolations(page: Page) {
  // Two analyses of a whole page take Debian's Chromium 156 several seconds, more with a second
  // worker beside it: each call adds its own time to the test's budget instead of every spec
  // guessing how many it runs.
  test.info().setTimeout(test.info().timeout + AXE_SECONDS * 1000);
  await expectMantineStylesLoaded(page);
  const before = await page.evaluate(() =>
    window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
  );
  try {
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await page.waitForFunction((scheme) => {
        // The portal switches on the media query's change event; a pinned choice stays.
        const shown = document.documentElement.dataset['mantineColorScheme'];
        const pinned = window.localStorage.getItem('pp.color-scheme');
        const expected = pinned === 'light' || pinned === 'dark' ? pinned : scheme;
        return shown === undefined || shown === expected;
      }, colorScheme);
      // Colours change with a transition (Mantine's buttons: 100 ms): axe must not measure a
      // contrast halfway between the schemes. Running animations (spinners) do not count.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) =>
              !(animation instanceof CSSTransition) || animation.playState !== 'running',
          ),
      );
      const results = await analyze(page);
      const violations = results.violations.map((v) => ({
        rule: v.id,
        impact: v.impact,
        targets: v.nodes.map((node) => node.target.join(' ')),
      }));
      expect(violations, `axe violations (${colorScheme}) on ${page.url()}`).toEqual([]);
    }
  } finally {
    await page.emulateMedia({ colorScheme: before });
  }
}

/**
 * The languages of the accessibility specs and the scheme each starts in. Each axe check
 * covers the light and the dark scheme itself ({@link expectNoAxeViolations}): a test per
 * scheme ran every check twice over. Light in German and dark in English, so that both first
 * renders are still seen.
 */
export const LANGUAGES_AND_STARTING_SCHEMES = [
  ['de', 'light'],
  ['en', 'dark'],
] as const;

/** The narrowest width the portal is made for (a small phone). */
export const NARROWEST = 360;

/** Where {@link expectNoSidewaysScroll} measures. */
export interface SidewaysOptions {
  /**
   * `false`: at the viewport's own width, for a state that narrowing would end (a row's open
   * menu, whose row a phone shows in another layout); the spec's run at 360 px (the `phone`
   * project) measures it there.
   */
  narrow?: boolean;
}

/**
 * Expects the page not to scroll sideways at 360 px: the viewport is narrowed to that width (no
 * wider than it is), the page laid out anew, and the document measured; then the viewport is
 * restored. Menus and dialogs stay open: Mantine only repositions them.
 */
export async function expectNoSidewaysScroll(page: Page, { narrow = true }: SidewaysOptions = {}) {
  const before = page.viewportSize();
  const narrowed = narrow && before !== null && before.width > NARROWEST;
  if (narrowed) await page.setViewportSize({ width: NARROWEST, height: before.height });
  const width = narrowed || !before ? NARROWEST : before.width;
  try {
    await expect
      .poll(
        () =>
          page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
        { message: `sideways scrolling at ${width} px on ${page.url()}`, timeout: 2_000 },
      )
      .toBeLessThanOrEqual(0);
  } finally {
    if (narrowed) await page.setViewportSize(before);
  }
}

/**
 * The checks of an accessibility spec (issue 42, point 6) for the state the page shows: axe in
 * the light and the dark scheme, and no sideways scrolling at 360 px (see {@link SidewaysOptions}).
 */
export async function expectAccessibleState(page: Page, sideways: SidewaysOptions = {}) {
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page, sideways);
}
