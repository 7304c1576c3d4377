import type { Page } from '@playwright/test';
import { LANGUAGES_AND_STARTING_SCHEMES, expectAccessibleState } from '../../support/axe.ts';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import {
  connectForm,
  disablePractice,
  myPracticePage,
  practiceForm,
} from '../../support/practice-pages.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

// Anna's data is only read here: forms are checked in the browser, the duplicate question is
// asked before anything is stored, the dialog is cancelled.
const anna = DEMO_USERS[0];

const TEXTS = {
  de: {
    required: 'Bitte füllen Sie dieses Feld aus.',
    customerNumber:
      'Bitte geben Sie die Kundennummer so ein, wie sie auf der Rechnung steht: P- und zehn Ziffern, bei älteren Praxen P- und sechs Ziffern.',
    duplicate: 'Diese Praxis gibt es vielleicht schon',
    email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    contracts: 'Gültig ab 01.01.2025, unbefristet',
  },
  en: {
    required: 'Please fill in this field.',
    customerNumber:
      'Please enter the customer number as it appears on the invoice: P- and ten digits, or P- and six digits for older practices.',
    duplicate: 'This practice may already exist',
    email: 'Please enter a valid e-mail address',
    contracts: 'Valid from 01.01.2025, open-ended',
  },
} as const;

async function open(page: Page, url: string) {
  const loaded = customerDataLoaded(page);
  await page.goto(url);
  await loaded;
}

const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`axe finds nothing on the four practice routes, with errors, the duplicate question and the dialog (${language}, ${scheme})`, async ({
    browser,
    portal,
  }) => {
    test.setTimeout(60_000);
    // A context of its own, to start the page in this scheme.
    const context = await browser.newContext({ colorScheme: scheme });
    await recordToasts(context);
    const page = await context.newPage();
    const texts = TEXTS[language];
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/my-practice`);
    await signIn(page, anna.email);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(myPracticePage(page).contracts).toContainText(texts.contracts);
    await expect(myPracticePage(page).active).toContainText('10117 Berlin');
    await expectAccessibleState(page);

    await open(page, `${portal.url}/my-practice/new-practice`);
    const connect = connectForm(page);
    await connect.submit.click();
    await expect(page.getByText(texts.required)).toHaveCount(2);
    await connect.customerNumber.fill('900002');
    await connect.customerNumber.press('Tab');
    await expect(page.getByText(texts.customerNumber)).toBeVisible();
    await expectAccessibleState(page);

    await open(page, `${portal.url}/my-practice/new-practice/add`);
    const form = practiceForm(page);
    await form.create.click();
    await expect(form.name).toHaveAttribute('aria-invalid', 'true');
    await expect(form.name).toBeFocused();
    await expectAccessibleState(page);
    await form.name.fill('Zahnarztpraxis Dr. Sommer');
    await form.street.fill('Friedrichstraße 120');
    await form.postalCode.fill('10117');
    await form.city.fill('Berlin');
    await form.create.click();
    await expect(page.getByRole('alert').filter({ hasText: texts.duplicate })).toBeFocused();
    await expectAccessibleState(page);

    await open(page, `${portal.url}/my-practice/information-practice`);
    await expect(form.name).toHaveValue('Zahnarztpraxis Dr. Sommer');
    await form.name.fill('');
    await form.email.fill('kontakt@');
    await form.save.click();
    await expect(page.getByText(texts.required)).toBeVisible();
    await expect(page.getByText(texts.email)).toBeVisible();
    await expectAccessibleState(page);
    const disable = disablePractice(page);
    await disable.open.click();
    await expect(disable.cancel).toBeFocused();
    await expectAccessibleState(page);
    await disable.cancel.click();
    await expect(disable.dialog).toBeHidden();
    await context.close();
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 720 } });

  test('the four practice routes fit, with errors and the dialog', async ({ page, portal }) => {
    await page.goto(`${portal.url}/my-practice`);
    await signIn(page, anna.email);
    await expect(myPracticePage(page).active).toContainText('10117 Berlin');
    expect(await overflows(page)).toBe(false);

    await open(page, `${portal.url}/my-practice/new-practice`);
    await connectForm(page).submit.click();
    await expect(page.getByText(TEXTS.de.required).first()).toBeVisible();
    expect(await overflows(page)).toBe(false);

    await open(page, `${portal.url}/my-practice/new-practice/add`);
    await practiceForm(page).create.click();
    await expect(practiceForm(page).name).toHaveAttribute('aria-invalid', 'true');
    expect(await overflows(page)).toBe(false);

    await open(page, `${portal.url}/my-practice/information-practice`);
    await disablePractice(page).open.click();
    await expect(disablePractice(page).confirm).toBeInViewport();
    expect(await overflows(page)).toBe(false);
  });
});
