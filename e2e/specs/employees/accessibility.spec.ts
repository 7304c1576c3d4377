import type { Page } from '@playwright/test';
import { expectAccessibleState } from '../../support/axe.ts';
import { DEMO_USERS } from '../../support/demo-users.ts';
import {
  confirmation,
  DISABLE_DIALOG,
  employeeList,
  inviteForm,
} from '../../support/employee-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

// Sommer's people are only read here: the form is checked in the browser, the dialog cancelled.
const ben = DEMO_USERS[1];

const TEXTS = {
  de: {
    required: 'Bitte füllen Sie dieses Feld aus.',
    alias: 'Bitte geben Sie die persönliche E-Mail-Adresse der Person ein',
    disable: 'Deaktivieren',
    role: 'Mitglied',
    menu: 'Aktionen für Clara Wolf',
  },
  en: {
    required: 'Please fill in this field.',
    alias: 'Please enter the person’s own e-mail address',
    disable: 'Disable',
    role: 'Member',
    menu: 'Actions for Clara Wolf',
  },
} as const;

/** Whether the page scrolls sideways (the phone project runs this spec at 360 px too). */
const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

async function open(page: Page, url: string) {
  const loaded = customerDataLoaded(page);
  await page.goto(url);
  await loaded;
}

for (const language of ['de', 'en'] as const) {
  test(`axe finds nothing on the three employee routes: the filled list, the dialog, the form with errors, a person (${language})`, async ({
    browser,
    portal,
    viewport,
  }) => {
    test.setTimeout(60_000);
    // @axe-core/playwright needs a page of its own context, as wide as the project's pages.
    const context = await browser.newContext({ viewport });
    await recordToasts(context);
    const page = await context.newPage();
    const texts = TEXTS[language];
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/my-practice/employees-overview`);
    await signIn(page, ben.email);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const list = employeeList(page);
    await expect(list.entry('Clara Wolf')).toContainText(texts.role);
    await expect(list.entry('Dr. med. dent. Anna Sommer')).toBeVisible();
    expect(await overflows(page)).toBe(false);
    await expectAccessibleState(page);

    // Keyboard: the person's "Actions" menu opens with Enter, the arrow keys reach its entries,
    // Enter on "Disable" opens the dialog with focus on Cancel; Escape closes it and focus
    // returns to the menu's button.
    const actions = list.actions('Clara Wolf');
    await actions.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu', { name: texts.menu })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(list.menuItem('Deaktivieren', 'Disable')).toBeFocused();
    // Measured at this width: narrowing the page turns the table into compact rows, which closes
    // the menu. This spec's phone project checks the open menu at 360 px (as does
    // staff-list-layout.spec.ts).
    await expectAccessibleState(page, { narrow: false });
    await page.keyboard.press('Enter');
    const dialog = confirmation(page, DISABLE_DIALOG);
    await expect(dialog.dialog).toContainText('Clara Wolf');
    await expect(dialog.cancel).toBeFocused();
    expect(await overflows(page)).toBe(false);
    await expectAccessibleState(page);
    await page.keyboard.press('Escape');
    await expect(dialog.dialog).toHaveCount(0);
    await expect(actions).toBeFocused();
    // The menu opens with the arrow key too, and Escape closes it with focus on its button.
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menu', { name: texts.menu })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu', { name: texts.menu })).toHaveCount(0);
    await expect(actions).toBeFocused();

    await open(page, `${portal.url}/my-practice/employees-overview/add`);
    const form = inviteForm(page);
    await form.submit.click();
    await expect(form.email).toHaveAttribute('aria-invalid', 'true');
    await expect(form.email).toBeFocused();
    await expect(page.getByText(texts.required)).toBeVisible();
    expect(await overflows(page)).toBe(false);
    await expectAccessibleState(page);
    // A shared mailbox refused at its field (the states of wording.spec.ts and refusal-texts.spec.ts).
    await form.email.fill('praxis@zahnarzt-beispiel.de');
    await form.email.blur();
    await expect(form.form).toContainText(texts.alias);
    await expectAccessibleState(page);

    await open(page, `${portal.url}/my-practice/employees-overview`);
    await list.entry('Clara Wolf').getByRole('link', { name: 'Clara Wolf' }).click();
    const person = page.getByRole('region', { name: 'Clara Wolf' });
    await expect(person).toContainText('clara.wolf@example.com');
    await expect(
      person.getByRole('button', { name: `${texts.disable}: Clara Wolf` }),
    ).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Praxis Mitte' })).toBeChecked();
    expect(await overflows(page)).toBe(false);
    await expectAccessibleState(page);
    // The person's "Disable" confirmation (the state of wording.spec.ts).
    await person.getByRole('button', { name: `${texts.disable}: Clara Wolf` }).click();
    const confirm = confirmation(page, DISABLE_DIALOG);
    await expect(confirm.confirm).toHaveText(texts.disable);
    await expectAccessibleState(page);
    await confirm.cancel.click();

    // The list searched (the state of german-order.spec.ts and list-exports.spec.ts).
    await open(page, `${portal.url}/my-practice/employees-overview`);
    await list.search.fill('wolf');
    await list.search.press('Enter');
    await expect(list.list.getByRole('rowheader').getByRole('link')).toHaveText(['Clara Wolf']);
    await expectAccessibleState(page);
    await context.close();
  });
}
