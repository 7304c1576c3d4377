import type { Page } from '@playwright/test';
import { LANGUAGES_AND_STARTING_SCHEMES, expectAccessibleState } from '../../support/axe.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import {
  customerDataLoaded,
  signIn,
  signInForm,
  submitCredentials,
} from '../../support/sign-in.ts';

const clara = DEMO_USERS[2];

const TEXTS = {
  de: {
    name: 'Praxisportal',
    cancel: 'Abbrechen',
    cancelled: 'Die Anmeldung wurde abgebrochen.',
    failed: 'Die Anmeldung ist nicht gelungen. Bitte versuchen Sie es erneut.',
    signInAgain: 'Erneut anmelden',
    signOut: 'Abmelden',
  },
  en: {
    name: 'Practice Portal',
    cancel: 'Cancel',
    cancelled: 'Sign-in was cancelled.',
    failed: 'Sign-in did not succeed. Please try again.',
    signInAgain: 'Sign in again',
    signOut: 'Sign out',
  },
} as const;

/** Body and card colours of Mantine's palette: white and a bordered white card, or dark 7 and 6. */
const COLOURS = {
  light: { body: 'rgb(255, 255, 255)', card: 'rgb(255, 255, 255)', border: 'rgb(222, 226, 230)' },
  dark: { body: 'rgb(36, 36, 36)', card: 'rgb(46, 46, 46)', border: 'rgb(66, 66, 66)' },
} as const;

/** The portal's own card, centred on the page in the portal's colours and font. */
async function expectStyledCard(page: Page, scheme: 'light' | 'dark') {
  const card = page.locator('main .pp-auth-card');
  await expect(card).toBeVisible();
  const style = await card.evaluate((element) => {
    const own = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return {
      body: getComputedStyle(document.body).backgroundColor,
      card: own.backgroundColor,
      border: own.borderTopColor,
      radius: own.borderTopLeftRadius,
      font: own.fontFamily,
      left: box.left,
      right: window.innerWidth - box.right,
    };
  });
  expect(style).toMatchObject({
    ...COLOURS[scheme],
    radius: '8px',
  });
  expect(style.font).toMatch(/^system-ui/);
  expect(Math.abs(style.left - style.right)).toBeLessThanOrEqual(1);
}

// The portal's own pages of a sign-in that did not end signed in: each state's one accessibility
// check (issue 42, point 6) is here, in both languages; each check covers both schemes itself,
// and the card's colours are checked in the scheme the page started in.
for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`"${TEXTS[language].cancel}" on the sign-in page returns to a styled portal page (${language}, ${scheme})`, async ({
    page,
    portal,
  }) => {
    const texts = TEXTS[language];
    await usePortalLanguage(page, portal.url, language);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${portal.url}/info?tab=1`);
    await expect(signInForm(page).password).toBeVisible();

    await page.getByRole('button', { name: texts.cancel }).click();

    await expect(page).toHaveURL((url) => url.origin === portal.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.name);
    await expect(page.getByText(texts.cancelled, { exact: true })).toBeVisible();
    // Cancelling is not an error, and there is no session to sign out of.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button')).toHaveText([texts.signInAgain]);
    await expectStyledCard(page, scheme);
    await expectAccessibleState(page);

    // Keyboard: the button is reached with Tab and signs in again, back to the asked page.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: texts.signInAgain })).toBeFocused();
    await page.keyboard.press('Enter');
    const loaded = customerDataLoaded(page);
    await submitCredentials(page, clara.email, DEMO_PASSWORD);
    await loaded;
    await expect(page).toHaveURL(`${portal.url}/info?tab=1`);
  });
}

/** The api's 401 on every customer call: the forced sign-in meets another refusal at once. */
async function keepRefusing(page: Page) {
  await page.route('**/api/v1/Customer/GetCustomerData', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'urn:practice-portal:problem:unauthenticated',
        title: 'A valid access token is required',
        status: 401,
        code: 'unauthenticated',
      }),
    }),
  );
}

for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`a persistent failure shows the styled page with retry and sign-out (${language}, ${scheme})`, async ({
    page,
    portal,
  }) => {
    const texts = TEXTS[language];
    await usePortalLanguage(page, portal.url, language);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(portal.url);
    await signIn(page, clara.email);
    await keepRefusing(page);
    await page.reload();

    await expect(page.getByRole('alert')).toHaveText(texts.failed);
    await expect(page.getByRole('button')).toHaveText([texts.signInAgain, texts.signOut]);
    await expectStyledCard(page, scheme);
    await expectAccessibleState(page);

    await page.getByRole('button', { name: texts.signOut }).click();
    await expect(page).toHaveURL((url) => url.origin === portal.issuer);
  });
}
