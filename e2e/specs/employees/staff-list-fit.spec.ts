import type { Page } from '@playwright/test';
import { employeeList, inviteForm } from '../../support/employee-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import {
  expectWithinWidth,
  longPractice,
  pastTheEdge,
  setUpAuthenticator,
  sidewaysOverflow,
} from '../../support/long-data.ts';
import { signIn } from '../../support/sign-in.ts';

// The staff list with real-length data (issue 43, point 1): long addresses and a long practice
// name, the owner with "Sie" and "Zweiter Faktor", an admin without a location, an invited
// address. Before, at 1280 px the table was 123 px wider than the page with the menus outside
// the frame and the badge over the address beside it; at 360 px the page scrolled 52 px
// sideways, "Zweiter Faktor" was cut and "Keinem Standort zugeordnet" stuck out.

const SENT = { de: 'Die Einladung wurde gesendet.', en: 'The invitation has been sent.' };

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Badges and buttons of the list shown cut (an ellipsis or clipped). */
const cutTexts = (page: Page) =>
  page
    .locator('table button, table .mantine-Badge-root, table .mantine-Badge-label')
    .evaluateAll((all) =>
      all.filter((element) => element.scrollWidth > element.clientWidth).map((e) => e.textContent),
    );

for (const language of ['de', 'en'] as const) {
  test(`long addresses, names and every badge fit the staff list at 1280 and 360 px (${language})`, async ({
    page,
    portal,
    createUser,
  }) => {
    test.setTimeout(120_000);
    const { owner, admin, invitee } = await longPractice(createUser);
    await page.setViewportSize({ width: 1280, height: 900 });
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/my-practice/employees-overview/add`);
    await signIn(page, owner.email, owner.password);
    await inviteForm(page).email.fill(invitee);
    await inviteForm(page).submit.click();
    await expect(page.getByText(SENT[language])).toBeVisible();
    await setUpAuthenticator(page, portal, language);

    await page.goto(`${portal.url}/my-practice/employees-overview`);
    const list = employeeList(page);
    await expect(list.list.getByRole('row')).toHaveCount(1 + 3);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(() => sidewaysOverflow(page), { message: `${width} px: ${await pastTheEdge(page)}` })
        .toBe(0);

      // Every person's menu inside the list's frame and on the screen.
      const frame = await page.locator('.employees-table-frame').boundingBox();
      for (const name of [invitee, admin.name]) {
        const actions = await list.actions(name).boundingBox();
        expect(actions!.x + actions!.width, `${name}'s menu at ${width} px`).toBeLessThanOrEqual(
          frame!.x + frame!.width + 0.5,
        );
        await expectWithinWidth(list.actions(name), `${name}'s menu at ${width} px`);
      }
      // No badge or button cut; the owner's badges clear of their address.
      expect(await cutTexts(page), `cut at ${width} px`).toEqual([]);
      const ownerRow = list.entry(owner.name);
      const address = await ownerRow.getByText(owner.email, { exact: true }).boundingBox();
      for (const badge of await ownerRow.locator('.mantine-Badge-root').all()) {
        await expectWithinWidth(badge, `badge at ${width} px`);
        expect(overlap((await badge.boundingBox())!, address!), `badge at ${width} px`).toBe(false);
      }
      // The full address and the locations' text shown on the screen.
      for (const row of await list.list.getByRole('row').all()) {
        for (const cell of await row.getByRole('cell').all()) {
          await expectWithinWidth(cell, `cell at ${width} px`);
        }
      }
    }
  });
}
