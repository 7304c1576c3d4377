import { expectAccessibleState } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import {
  expectWithinWidth,
  setUpAuthenticator,
  sidewaysOverflow,
} from '../../support/long-data.ts';
import { signIn, submitCredentials } from '../../support/sign-in.ts';

// The security page on a phone (issue 43, point 2). Before, at 360 px the sign-in history was
// a table that scrolled sideways inside the page without being reachable by keyboard (axe:
// scrollable-region-focusable), its browser and second-factor columns out of view, the badges
// cut to "Erfolg…"/"Fehlg…", and "Neue Wiederherstellungscodes" clipped. Now each sign-in is a
// compact block on a phone and a table's row where its columns fit.

// A worker's own portal: the test's wrong password counts for the browser's address.
test.use({ portalScope: 'worker' });

const TEXTS = {
  de: { newCodes: 'Neue Wiederherstellungscodes', caption: 'Anmeldungen, die neueste zuerst' },
  en: { newCodes: 'New recovery codes', caption: 'Sign-ins, newest first' },
} as const;

for (const language of ['de', 'en'] as const) {
  test(`the sign-in history and the second factor fit a 360 px phone and 1280 px (${language})`, async ({
    page,
    portal,
    createUser,
  }) => {
    test.setTimeout(120_000);
    const texts = TEXTS[language];
    const user = await createUser();
    await page.setViewportSize({ width: 1280, height: 900 });
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/security`);
    await submitCredentials(page, user.email, `${user.password}-wrong`);
    await expect(page.getByRole('alert')).toBeVisible();
    await signIn(page, user.email, user.password);
    await setUpAuthenticator(page, portal, language);
    await page.goto(`${portal.url}/security`);
    const history = page.getByRole('table', { name: texts.caption });
    // The failed attempt and the sign-in.
    await expect(history.getByRole('row')).toHaveCount(1 + 2);

    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => sidewaysOverflow(page), { message: `${width} px` }).toBe(0);
      // Nothing in the history scrolls sideways: all of every entry on the screen, uncut.
      const scrolling = await history.evaluate((table) => {
        const all = [table, ...table.querySelectorAll('*')];
        const card = table.closest('section');
        for (let up = table.parentElement; up && up !== card; up = up.parentElement) all.push(up);
        return (
          all
            // The column headings a phone hides from view (a 1 px clipped box) are not cut text.
            .filter((element) => element.getBoundingClientRect().width > 1)
            .filter((element) => element.scrollWidth > element.clientWidth + 1)
            .map((element) => `${element.tagName}.${element.className}: ${element.textContent}`)
        );
      });
      expect(scrolling, `cut or scrolling at ${width} px`).toEqual([]);
      for (const cell of await history.getByRole('cell').all()) {
        await expectWithinWidth(cell, `cell at ${width} px`);
      }
      const newCodes = page.getByRole('button', { name: texts.newCodes });
      await expectWithinWidth(newCodes, `"${texts.newCodes}" at ${width} px`);
      expect(
        await newCodes.evaluate((button) =>
          [button, ...button.querySelectorAll('*')].every((e) => e.scrollWidth <= e.clientWidth),
        ),
        `"${texts.newCodes}" whole at ${width} px`,
      ).toBe(true);
    }
    // On the phone a compact block for each sign-in, and no region to reach by keyboard only.
    await page.setViewportSize({ width: 360, height: 900 });
    const first = history.getByRole('row').nth(1).getByRole('cell');
    const time = (await first.first().boundingBox())!;
    const browser = (await first.nth(3).boundingBox())!;
    expect(browser.y).toBeGreaterThanOrEqual(time.y + time.height);
    // The page with an authenticator app, on the phone: its one accessibility check.
    await expectAccessibleState(page);
  });
}
