import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../support/axe.ts';
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

// Sommer's people are only read here: the form is checked in the browser, the dialog cancelled.
const ben = DEMO_USERS[1];

const TEXTS = {
  de: { required: 'Bitte füllen Sie dieses Feld aus.', disable: 'Deaktivieren', role: 'Mitglied' },
  en: { required: 'Please fill in this field.', disable: 'Disable', role: 'Member' },
} as const;

async function open(page: Page, url: string) {
  const loaded = customerDataLoaded(page);
  await page.goto(url);
  await loaded;
}

for (const language of ['de', 'en'] as const) {
  test(`axe finds nothing on the three employee routes: the filled list, the dialog, the form with errors, a person (${language})`, async ({
    browser,
    portal,
  }) => {
    test.setTimeout(60_000);
    // @axe-core/playwright needs a page of its own context.
    const context = await browser.newContext();
    const page = await context.newPage();
    const texts = TEXTS[language];
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/my-practice/employees-overview`);
    await signIn(page, ben.email);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const list = employeeList(page);
    await expect(list.entry('Clara Wolf')).toContainText(texts.role);
    await expect(list.entry('Dr. med. dent. Anna Sommer')).toBeVisible();
    await expectNoAxeViolations(page);

    // Keyboard: the disable button opens the dialog with Enter, focus starts on Cancel,
    // Escape closes it and focus returns to the button.
    const disable = list.action('Deaktivieren', 'Disable', 'Clara Wolf');
    await disable.focus();
    await page.keyboard.press('Enter');
    const dialog = confirmation(page, DISABLE_DIALOG);
    await expect(dialog.dialog).toContainText('Clara Wolf');
    await expect(dialog.cancel).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog.dialog).toHaveCount(0);
    await expect(disable).toBeFocused();

    await open(page, `${portal.url}/my-practice/employees-overview/add`);
    const form = inviteForm(page);
    await form.submit.click();
    await expect(form.email).toHaveAttribute('aria-invalid', 'true');
    await expect(form.email).toBeFocused();
    await expect(page.getByText(texts.required)).toBeVisible();
    await expectNoAxeViolations(page);

    await open(page, `${portal.url}/my-practice/employees-overview`);
    await list.entry('Clara Wolf').getByRole('link', { name: 'Clara Wolf' }).click();
    const person = page.getByRole('region', { name: 'Clara Wolf' });
    await expect(person).toContainText('clara.wolf@example.com');
    await expect(
      person.getByRole('button', { name: `${texts.disable}: Clara Wolf` }),
    ).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Praxis Mitte' })).toBeChecked();
    await expectNoAxeViolations(page);
    await context.close();
  });
}

const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 720 } });

  test('the three employee routes fit, with errors and the dialog', async ({ page, portal }) => {
    await page.goto(`${portal.url}/my-practice/employees-overview`);
    await signIn(page, ben.email);
    const list = employeeList(page);
    await expect(list.entry('Clara Wolf')).toBeVisible();
    expect(await overflows(page)).toBe(false);
    await list.action('Deaktivieren', 'Disable', 'Clara Wolf').click();
    await expect(confirmation(page, DISABLE_DIALOG).confirm).toBeInViewport();
    expect(await overflows(page)).toBe(false);
    await confirmation(page, DISABLE_DIALOG).cancel.click();

    await open(page, `${portal.url}/my-practice/employees-overview/add`);
    await inviteForm(page).submit.click();
    await expect(inviteForm(page).email).toHaveAttribute('aria-invalid', 'true');
    expect(await overflows(page)).toBe(false);

    await open(page, `${portal.url}/my-practice/employees-overview`);
    await list.entry('Clara Wolf').getByRole('link', { name: 'Clara Wolf' }).click();
    await expect(page.getByRole('region', { name: 'Clara Wolf' })).toBeVisible();
    expect(await overflows(page)).toBe(false);
  });
});
