import type { Page } from '@playwright/test';
import { expectAccessibleState } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { connectForm, myPracticePage, sentRequests } from '../../support/practice-pages.ts';
import { signIn } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

test.use({ portalScope: 'worker' });

// Asking to join changes "Praxis am Markt" (and mails its admins): a portal of its own.

const TEXTS = {
  de: {
    format: 'Bitte geben Sie die Kundennummer so ein, wie sie auf der Rechnung steht',
    typo: 'Diese Kundennummer enthält einen Tippfehler.',
    sent: 'bitten wir deren Administration',
    toMyPractice: 'Zu „Meine Praxis“',
    typed: (number: string, code: string) => `Kundennummer ${number} · Postleitzahl ${code}`,
    badge: 'Anfrage gesendet',
    none: 'Sie gehören noch zu keiner Praxis.',
    withdrawn: 'Ihre Anfrage wurde zurückgezogen.',
  },
  en: {
    format: 'Please enter the customer number as it appears on the invoice',
    typo: 'This customer number contains a typo.',
    sent: 'we ask its administrators to approve your access',
    toMyPractice: 'Go to “My practice”',
    typed: (number: string, code: string) => `Customer number ${number} · Postcode ${code}`,
    badge: 'Request sent',
    none: 'You do not belong to a practice yet.',
    withdrawn: 'Your request has been withdrawn.',
  },
} as const;

/** Sends one pair through the form and answers the request the browser made. */
async function ask(page: Page, customerNumber: string, postalCode: string) {
  const connect = connectForm(page);
  await connect.customerNumber.fill(customerNumber);
  await connect.postalCode.fill(postalCode);
  const asked = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/Company/ConnectExistingCompany',
  );
  await connect.submit.click();
  return asked;
}

for (const language of ['de', 'en'] as const) {
  const texts = TEXTS[language];

  test(`a right pair and a wrong one both show only as "request sent" with what was typed (${language})`, async ({
    browser,
    portal,
    createUser,
  }) => {
    test.setTimeout(90_000);
    /** What the requester's /my-practice says after asking with this pair. */
    const viewAfterAsking = async (customerNumber: string, postalCode: string) => {
      const user = await createUser();
      const context = await browser.newContext();
      await recordToasts(context);
      const page = await context.newPage();
      await usePortalLanguage(page, portal.url, language);
      await page.goto(`${portal.url}/my-practice/new-practice`);
      await signIn(page, user.email, user.password);
      const answer = await ask(page, customerNumber, postalCode);
      expect(answer.status()).toBe(202);
      await expect(connectForm(page).sent).toContainText(texts.sent);
      await connectForm(page).sent.getByRole('link', { name: texts.toMyPractice }).click();
      const requests = sentRequests(page);
      await expect(requests.request(customerNumber)).toContainText(
        texts.typed(customerNumber, postalCode),
      );
      await expect(requests.request(customerNumber)).toContainText(texts.badge);
      await expect(myPracticePage(page).practices).toContainText(texts.none);
      await expect(page.getByText('Praxis am Markt')).toHaveCount(0);
      await expect(page.getByText('Hamburg')).toHaveCount(0);
      return { page, context, requests, text: await requests.region.innerText() };
    };

    const right = await viewAfterAsking('P-900002', '20457');
    // The sent request's one accessibility check (issue 42, point 6).
    await expectAccessibleState(right.page);
    const wrong = await viewAfterAsking('P-900002', '20458');
    // The same screen, but for the postal code each person typed.
    expect(wrong.text.replaceAll('20458', '20457')).toBe(right.text);

    // Withdrawn with the keyboard: the request goes, and nothing else shows.
    await wrong.requests.withdraw('P-900002').focus();
    await wrong.page.keyboard.press('Enter');
    await expect(wrong.page.getByText(texts.withdrawn)).toBeVisible();
    await expect(wrong.requests.region).toHaveCount(0);
    await right.context.close();
    await wrong.context.close();
  });

  test(`a mistyped or misshapen customer number is refused in the form, before any request (${language})`, async ({
    page,
    portal,
    createUser,
  }) => {
    const user = await createUser();
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/my-practice/new-practice`);
    await signIn(page, user.email, user.password);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/Company/ConnectExistingCompany')) sent.push(request.url());
    });
    const connect = connectForm(page);
    await connect.customerNumber.fill('900002');
    await connect.customerNumber.press('Tab');
    await expect(page.getByText(texts.format)).toBeVisible();

    // P-1234567894 passes its check digit; with two digits swapped it does not.
    await connect.customerNumber.fill('P-1234567849');
    await connect.postalCode.fill('20457');
    await connect.postalCode.press('Enter');
    await expect(page.getByText(texts.typo)).toBeVisible();
    await expect(connect.customerNumber).toHaveAttribute('aria-invalid', 'true');
    // The form with an error on the number: accessibility.spec.ts checks it.
    expect(sent).toEqual([]);
  });
}
