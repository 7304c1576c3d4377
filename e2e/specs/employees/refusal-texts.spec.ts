import { randomUUID } from 'node:crypto';
import { expectAccessibleState } from '../../support/axe.ts';
import { employeeList, inviteForm } from '../../support/employee-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { signIn } from '../../support/sign-in.ts';
import { expectToast } from '../../support/toasts.ts';

// Issue 22, point 7: a refused action says why (decision 0059), never "not saved, try again".
// On a practice of the test's own: the mails of its invitation count against the recipient's
// limit of five an hour (docs/product.md §6), so the fifth resend is refused.

const TEXTS = {
  de: {
    sent: 'Die Einladung wurde gesendet.',
    resent: 'Die Einladung wurde erneut gesendet.',
    resend: ['Einladung erneut senden', 'Send invitation again'],
    tooMany: 'Zu viele Versuche in kurzer Zeit.',
    checkInput: 'Bitte prüfen Sie Ihre Angaben.',
    alias: 'Bitte geben Sie die persönliche E-Mail-Adresse der Person ein',
    saveError: 'konnten nicht gespeichert werden',
  },
  en: {
    sent: 'The invitation has been sent.',
    resent: 'The invitation has been sent again.',
    resend: ['Einladung erneut senden', 'Send invitation again'],
    tooMany: 'Too many attempts in a short time.',
    checkInput: 'Please check your entries.',
    alias: 'Please enter the person’s own e-mail address',
    saveError: 'could not be saved',
  },
} as const;

for (const language of ['de', 'en'] as const) {
  test(`a refused resend and a refused address say why, not "try again" (${language})`, async ({
    page,
    portal,
    createUser,
  }) => {
    test.setTimeout(120_000);
    const texts = TEXTS[language];
    const owner = await createUser({
      firstName: 'Rita',
      lastName: 'Reger',
      practices: [{ name: `Praxis Grund ${randomUUID().slice(0, 6)}` }],
    });
    await usePortalLanguage(page, portal.url, language);
    // Without the list of shared mailboxes the form knows only info@: the api refuses praxis@.
    await page.route('**/api/v1/Utility/EmailProhibitedAlias**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{}' }),
    );
    await page.goto(`${portal.url}/my-practice/employees-overview/add`);
    await signIn(page, owner.email, owner.password);

    const form = inviteForm(page);
    await form.email.fill(`praxis@grund-${randomUUID().slice(0, 6)}.example.com`);
    await form.submit.click();
    // A failure's toast is an alert (a success's a status).
    await expectToast(page, texts.checkInput, 'alert');
    await expect(form.form).toContainText(texts.alias);
    await expect(page.getByText(texts.saveError)).toHaveCount(0);

    const email = `rolf.${randomUUID().slice(0, 8)}@example.com`;
    await form.email.fill(email);
    await form.submit.click();
    await expectToast(page, texts.sent);
    const list = employeeList(page);
    await expect(list.entry(email)).toBeVisible();

    // The invitation was the first of five mails an hour; four resends go out, the fifth not.
    // Each expectToast takes a toast of its own: no waiting for the one before to go.
    for (let resend = 1; resend <= 4; resend += 1) {
      await list.choose(email, ...texts.resend);
      await expectToast(page, texts.resent);
    }
    await list.choose(email, ...texts.resend);
    // The toast and the note at the person both say why.
    await expect(page.getByRole('alert').filter({ hasText: texts.tooMany })).toHaveCount(2);
    await expect(list.entry(email)).toContainText(texts.tooMany);
    await expect(page.getByText(texts.saveError)).toHaveCount(0);
    // The list with a refused resend, at the person and as a toast: its one accessibility check
    // (the refused address's is in accessibility.spec.ts).
    await expectAccessibleState(page);
  });
}
