import type { Page } from '@playwright/test';
import { expectAccessibleState, LANGUAGES_AND_STARTING_SCHEMES } from '../../support/axe.ts';
import { contactOf, editInCrm, syncCrmNow } from '../../support/dataverse.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { submitCredentials } from '../../support/sign-in.ts';

// docs/product.md §1, "Inactive and merged contacts": a person whose contact a CRM user
// deactivates leaves the portal with the next sync round. Signing in again, they are refused
// (`403 access_removed`), and /unauthorized tells them so instead of guessing at an unconfirmed
// address or a service that is briefly down.

const TEXTS = {
  de: {
    title: 'Ihre Daten konnten nicht geladen werden',
    reason:
      'Ihr Zugang ist zurzeit nicht aktiv, weil Ihre Kundendaten bei uns entfernt oder deaktiviert wurden. Bitte wenden Sie sich an unseren Kundenservice.',
    retry: 'Erneut versuchen',
    signOut: 'Abmelden',
  },
  en: {
    title: 'Your data could not be loaded',
    reason:
      'Your access is not active at the moment because your customer record was removed or deactivated on our side. Please contact our customer service.',
    retry: 'Try again',
    signOut: 'Sign out',
  },
} as const;

const CUSTOMER_DATA = '/api/v1/Customer/GetCustomerData';

/** Presses Tab until the page's button has the focus: it is reachable by keyboard. */
async function tabTo(page: Page, name: string) {
  const target = page.getByRole('main').getByRole('button', { name });
  for (let presses = 0; presses < 40; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`a person whose contact the CRM deactivated is told so at sign-in (${language})`, async ({
    page,
    portal,
    createUser,
    request,
  }) => {
    const t = TEXTS[language];
    // Taken into the portal: an account with its customer, whose contact the outbox makes.
    const user = await createUser();
    await expect
      .poll(async () => contactOf(request, portal, user.email), { timeout: 15_000 })
      .toBeTruthy();
    const contact = (await contactOf(request, portal, user.email))!;
    // A CRM user deactivates the contact, and a sync round takes that.
    await editInCrm(request, portal, 'contacts', String(contact.contactid), {
      statecode: 1,
      statuscode: 2,
    });
    await syncCrmNow(request, portal);

    await usePortalLanguage(page, portal.url, language);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(portal.url);
    await submitCredentials(page, user.email, user.password);
    await expect(page).toHaveURL(`${portal.url}/unauthorized`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t.title);
    await expect(main).toContainText(t.reason);
    await expectAccessibleState(page);

    // Trying again, by keyboard, asks the api again and is refused again: the reason stays.
    await tabTo(page, t.retry);
    const refused = page.waitForResponse(
      (response) => new URL(response.url()).pathname === CUSTOMER_DATA && response.status() === 403,
    );
    await page.keyboard.press('Enter');
    await refused;
    await expect(main.getByRole('button', { name: t.retry })).not.toHaveAttribute('data-loading');
    await expect(main).toContainText(t.reason);
    await expect(page).toHaveURL(`${portal.url}/unauthorized`);

    // Signing out, by keyboard, ends at the provider.
    await tabTo(page, t.signOut);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.origin === portal.issuer);
  });
}
