import type { Page } from '@playwright/test';
import { LANGUAGES_AND_STARTING_SCHEMES, expectAccessibleState } from '../../support/axe.ts';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { locationForm, locationList } from '../../support/location-pages.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

// Ben's practice is only read here: the forms are checked in the browser and never sent.
const ben = DEMO_USERS[1];

const TEXTS = {
  de: {
    required: 'Bitte füllen Sie dieses Feld aus.',
    postalCode: 'fünf Ziffern',
    own: 'Ihr Standort',
  },
  en: { required: 'Please fill in this field.', postalCode: 'five digits', own: 'Your location' },
} as const;

async function open(page: Page, url: string) {
  const loaded = customerDataLoaded(page);
  await page.goto(url);
  await loaded;
}

const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`axe finds nothing on the three location routes: the list, and the forms with errors (${language}, ${scheme})`, async ({
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
    await page.goto(`${portal.url}/my-practice/location-overview`);
    await signIn(page, ben.email);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const list = locationList(page);
    await expect(list.entry('Praxis Prenzlauer Berg')).toBeVisible();
    await expectAccessibleState(page);

    await list.add.click();
    const form = locationForm(page);
    await form.postalCode.fill('101');
    await form.postalCode.press('Tab');
    await form.create.click();
    await expect(page.getByText(texts.required).first()).toBeVisible();
    await expect(page.getByText(texts.postalCode, { exact: false })).toBeVisible();
    await expectAccessibleState(page);

    await open(page, `${portal.url}/my-practice/location-overview`);
    await list.entry('Praxis Mitte').getByRole('link').click();
    await expect(form.name).toHaveValue('Praxis Mitte');
    await form.name.fill('');
    await form.invoiceMail.fill('rechnung@');
    await form.save.click();
    await expect(page.getByText(texts.required)).toBeVisible();
    await expect(form.invoiceMail).toHaveAttribute('aria-invalid', 'true');
    await expectAccessibleState(page);
    await context.close();
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 720 } });

  test('the three location routes fit', async ({ page, portal }) => {
    await page.goto(`${portal.url}/my-practice/location-overview`);
    await signIn(page, ben.email);
    await expect(locationList(page).entry('Praxis Mitte')).toBeVisible();
    expect(await overflows(page)).toBe(false);

    await open(page, `${portal.url}/my-practice/location-overview/add`);
    await locationForm(page).create.click();
    await expect(locationForm(page).name).toHaveAttribute('aria-invalid', 'true');
    expect(await overflows(page)).toBe(false);

    await open(page, `${portal.url}/my-practice/location-overview`);
    await locationList(page).entry('Praxis Mitte').getByRole('link').click();
    await expect(locationForm(page).name).toHaveValue('Praxis Mitte');
    expect(await overflows(page)).toBe(false);
  });
});
