import type { Locator, Page } from '@playwright/test';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { signIn } from '../../support/sign-in.ts';
import { heading } from './shell.ts';

const anna = DEMO_USERS[0];
const PRACTICE = 'Zahnarztpraxis Dr. Sommer';

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The switcher's visible name: how many lines it takes and whether it is cut. */
const shownName = (switcher: Locator) =>
  switcher.evaluate((button) => {
    const text = [...button.querySelectorAll<HTMLElement>('*')].find(
      (element) => element.childElementCount === 0 && element.textContent === button.textContent,
    );
    if (!text) return undefined;
    const lineHeight = parseFloat(getComputedStyle(text).lineHeight);
    return {
      lines: Math.round(text.clientHeight / lineHeight),
      cut: text.scrollHeight > text.clientHeight || text.scrollWidth > text.clientWidth,
    };
  });

/** Whether any part of a button cuts its text (Mantine's label hides what does not fit). */
const cutsText = (button: Locator) =>
  button.evaluate((element) =>
    [element, ...element.querySelectorAll<HTMLElement>('*')].some(
      (part) => part.scrollWidth > part.clientWidth + 1,
    ),
  );

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 720 } });

  test('the practice switcher shows the name on two lines, whole, instead of "Zah…" (issue 22)', async ({
    page,
    portal,
  }) => {
    await page.goto(`${portal.url}/dashboard`);
    await signIn(page, anna.email);
    await expect(heading(page)).toBeVisible();
    const switcher = page.getByRole('button', { name: `Aktive Praxis: ${PRACTICE}` });
    await expect(switcher).toBeVisible();
    expect(await shownName(switcher)).toEqual({ lines: 2, cut: false });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);

    // Open, the panel lists the practices.
    await switcher.click();
    await expect(page.getByRole('button', { name: /^Praxis am Markt/ })).toBeInViewport();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
  });

  test('a name longer than two lines ends in an ellipsis and shows whole on hover and focus', async ({
    page,
    portal,
    createUser,
  }) => {
    const long = 'Zahnärztliche Gemeinschaftspraxis Dr. Lindqvist und Partner';
    const user = await createUser({ practices: [{ name: long }, { name: 'Praxis Zwei' }] });
    await page.goto(`${portal.url}/dashboard`);
    await signIn(page, user.email, user.password);
    await expect(heading(page)).toBeVisible();
    const switcher = page.getByRole('button', { name: `Aktive Praxis: ${long}` });
    expect(await shownName(switcher)).toEqual({ lines: 2, cut: true });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    // The switcher takes the room that is left, not the language switch's ("Engli…").
    expect(await cutsText(page.getByRole('button', { name: 'English', exact: true }))).toBe(false);

    // The whole name, for the eyes only (the button's name says it to screen readers).
    const whole = page.locator('[aria-hidden="true"]').filter({ hasText: long });
    await switcher.hover();
    await expect(whole).toBeVisible();
    await expect(whole).toBeInViewport({ ratio: 1 });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);

    await page.mouse.move(0, 700);
    await expect(whole).toBeHidden();
    // By keyboard: Tab from the content's start until the switcher has the focus.
    await page.getByRole('main').focus();
    await page.keyboard.press('Shift+Tab');
    for (
      let step = 0;
      step < 10 && !(await switcher.evaluate((b) => b === document.activeElement));
      step += 1
    ) {
      await page.keyboard.press('Shift+Tab');
    }
    await expect(switcher).toBeFocused();
    await expect(whole).toBeVisible();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);

    // Open, the panel lists the practices and the hint gives way.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: /^Praxis Zwei/ })).toBeInViewport();
    await expect(whole).toBeHidden();
  });
});
