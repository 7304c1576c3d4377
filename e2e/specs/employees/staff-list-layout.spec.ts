import type { Page } from '@playwright/test';
import { employeeList } from '../../support/employee-pages.ts';
import { expect, test, type CreateUser } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { signIn } from '../../support/sign-in.ts';

// The staff list in real use (issue 22, point 4; decision 0057): 13 people in a practice of the
// test's own, on a 360 px phone and at 1280 px. Before, their cards with up to three long
// buttons each made the phone's page 3,432 px tall (1280 px: 2,391 px); paging left the focus on
// the page's body (point 14).

const MEMBERS = ['Anton Albrecht', 'Berta Bergmann', 'Carl Conrad', 'Dora Dietrich'];
const MORE = ['Emil Engel', 'Frieda Fuchs', 'Gustav Graf', 'Hanna Hoffmann', 'Ida Imhof'];
const ADMINS = ['Jonas Jäger', 'Karla Keller', 'Ludwig Lange'];

const TEXTS = {
  de: {
    adminActions: [
      'Deaktivieren',
      'Administrationsrechte entziehen',
      'Hauptadministration übergeben',
    ],
    pageSize: 'Einträge pro Seite',
    next: 'Nächste Seite',
    previous: 'Vorherige Seite',
    page2: 'Seite 2 von 2',
  },
  en: {
    adminActions: ['Disable', 'Remove administrator rights', 'Hand over main administration'],
    pageSize: 'Entries per page',
    next: 'Next page',
    previous: 'Previous page',
    page2: 'Page 2 of 2',
  },
} as const;

/** A practice with its superadmin and 12 more people, three of them admins. */
async function practiceOfThirteen(createUser: CreateUser) {
  const owner = await createUser({
    firstName: 'Petra',
    lastName: 'Lindqvist',
    practices: [{ name: 'Zahnarztpraxis Dr. Lindqvist' }],
  });
  const companyId = owner.practiceIds[0]!;
  for (const name of [...MEMBERS, ...MORE, ...ADMINS]) {
    const [firstName, lastName] = name.split(' ');
    const role = ADMINS.includes(name) ? 'admin' : 'member';
    await createUser({ firstName, lastName, practices: [{ companyId, role }] });
  }
  return owner;
}

/** The texts in the table shown cut (an ellipsis or clipped): buttons and badges. */
const cutTexts = (page: Page) =>
  page
    .locator('table button, table .mantine-Badge-root, table .mantine-Badge-label')
    .evaluateAll((all) =>
      all.filter((element) => element.scrollWidth > element.clientWidth).map((e) => e.textContent),
    );

const size = (page: Page) =>
  page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
    viewport: window.innerWidth,
  }));

for (const language of ['de', 'en'] as const) {
  test(`13 people fit a 360 px phone in compact rows with one menu each, and a table at 1280 px; paging moves the focus to the list (${language})`, async ({
    page,
    portal,
    createUser,
  }) => {
    const texts = TEXTS[language];
    const owner = await practiceOfThirteen(createUser);
    await page.setViewportSize({ width: 360, height: 720 });
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/my-practice/employees-overview`);
    await signIn(page, owner.email, owner.password);
    const list = employeeList(page);
    await expect(list.list.getByRole('row')).toHaveCount(1 + 13);

    // Nothing sideways, no cut button, and less than 60 % of the cards' height (13 cards took
    // about 2,800 px; the page's other parts, such as the footer, are not the list's).
    const phone = await size(page);
    expect(phone.width).toBeLessThanOrEqual(phone.viewport);
    expect((await list.list.boundingBox())?.height).toBeLessThan(1_600);
    await expect(list.list.getByRole('button')).toHaveCount(12);
    const cut = await list.list
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.filter((button) => button.scrollWidth > button.clientWidth),
      );
    expect(cut).toEqual([]);

    // An admin's menu offers what the superadmin may do with them, whole, on the screen.
    const admin = list.actions('Karla Keller');
    await admin.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([...texts.adminActions]);
    await expect(menu).toBeInViewport({ ratio: 1 });
    expect((await size(page)).width).toBeLessThanOrEqual(360);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(admin).toBeFocused();

    // Paging by keyboard: the focus goes to the list, not to the page's body.
    await page.getByRole('combobox', { name: texts.pageSize }).selectOption('10');
    await expect(list.list.getByRole('row')).toHaveCount(1 + 10);
    await page.getByRole('button', { name: texts.next }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(texts.page2)).toBeVisible();
    await expect(list.list).toBeFocused();
    await expect(list.list.getByRole('row')).toHaveCount(1 + 3);
    await page.getByRole('button', { name: texts.previous }).focus();
    await page.keyboard.press('Enter');
    await expect(list.list.getByRole('row')).toHaveCount(1 + 10);
    await expect(list.list).toBeFocused();

    // Wide: a table, a line or two a person (the locations may wrap), its column headings shown.
    await page.getByRole('combobox', { name: texts.pageSize }).selectOption('25');
    // The list reloads with the new page size: measure all 13, not the 10 still shown.
    await expect(list.list.getByRole('row')).toHaveCount(1 + 13);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(list.list.getByRole('columnheader').first()).toBeVisible();
    const rows = await list.list
      .getByRole('row')
      .evaluateAll((all) => all.map((row) => row.getBoundingClientRect().height));
    expect(rows).toHaveLength(1 + 13);
    expect(Math.max(...rows)).toBeLessThan(64);
    expect(await cutTexts(page)).toEqual([]);
    // 13 cards took about 1,900 px here.
    expect((await list.list.boundingBox())?.height).toBeLessThan(900);
  });
}
