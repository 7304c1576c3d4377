import { expect, type Page } from '@playwright/test';

/**
 * Every Mantine class on the page has its styles loaded. The portal imports Mantine's CSS per
 * component (`apps/web/src/lib/theme/mantine-styles.ts` and each screen), and a component built
 * on another needs that one's file too (Mantine's "CSS files list"): a checkbox without
 * `InlineInput.css` put its label under the box (issue 22). Mantine's classes are `m_` and eight
 * hex digits; one that no loaded style rule names is a missing import.
 */
export async function expectMantineStylesLoaded(page: Page) {
  const missing = await page.evaluate(() => {
    const named = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) {
          for (const match of rule.selectorText.matchAll(/\.(m_[0-9a-f]{8})\b/g)) {
            named.add(match[1]!);
          }
        }
        // Layers, media queries and nested rules hold rules of their own.
        if ('cssRules' in rule && rule.cssRules) collect(rule.cssRules as CSSRuleList);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    const used = new Map<string, string>();
    for (const element of Array.from(document.querySelectorAll('[class*="m_"]'))) {
      for (const name of Array.from(element.classList)) {
        if (/^m_[0-9a-f]{8}$/.test(name) && !named.has(name) && !used.has(name)) {
          const mantine = Array.from(element.classList).find((c) => c.startsWith('mantine-'));
          used.set(name, mantine ?? element.tagName.toLowerCase());
        }
      }
    }
    return [...used].map(([name, component]) => `${name} (${component})`);
  });
  expect(missing, `Mantine classes without their styles on ${page.url()}`).toEqual([]);
}
