import { randomUUID } from 'node:crypto';
import { expectAccessibleState } from '../../support/axe.ts';
import { invitationButtons, inviteForm } from '../../support/employee-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { myPracticePage } from '../../support/practice-pages.ts';
import { signIn } from '../../support/sign-in.ts';
import { expectToast, recordToasts } from '../../support/toasts.ts';

// Practices and users of the test's own: the demo data is not touched.

const TEXTS = {
  de: { pending: 'Die Einladung gilt bis', accepted: 'Sie haben die Einladung angenommen' },
  en: { pending: 'The invitation is valid until', accepted: 'You have accepted the invitation' },
} as const;

for (const language of ['de', 'en'] as const) {
  test(`/my-practice with an invitation and the leave dialog: axe finds nothing, the keyboard answers it (${language})`, async ({
    browser,
    page,
    portal,
    createUser,
  }) => {
    test.setTimeout(60_000);
    const suffix = randomUUID().slice(0, 6);
    const inviting = `Praxis Einladend ${suffix}`;
    const home = `Praxis Heim ${suffix}`;
    const owner = await createUser({ practices: [{ name: inviting }] });
    const homeOwner = await createUser({ practices: [{ name: home }] });
    const member = await createUser({ practices: [{ companyId: homeOwner.practiceIds[0]! }] });

    await page.goto(`${portal.url}/my-practice/employees-overview/add`);
    await signIn(page, owner.email, owner.password);
    await inviteForm(page).email.fill(member.email);
    await inviteForm(page).submit.click();
    await expectToast(page, 'Die Einladung wurde gesendet.');

    // @axe-core/playwright needs a page of its own context.
    const context = await browser.newContext();
    await recordToasts(context);
    const mine = await context.newPage();
    await usePortalLanguage(mine, portal.url, language);
    await mine.goto(`${portal.url}/my-practice`);
    await signIn(mine, member.email, member.password);
    const practices = myPracticePage(mine);
    await expect(practices.practice(inviting)).toContainText(TEXTS[language].pending);
    await expect(practices.active).toContainText(home);
    await expectAccessibleState(mine);

    const leave = practices.practices.getByRole('button', {
      name: new RegExp(`^(Praxis verlassen …|Leave practice …): ${home}$`),
    });
    await leave.focus();
    await mine.keyboard.press('Enter');
    const dialog = mine.getByRole('dialog', { name: /^(Praxis verlassen\?|Leave practice\?)$/ });
    await expect(dialog).toContainText(home);
    await expect(dialog.getByRole('button', { name: /^(Abbrechen|Cancel)$/ })).toBeFocused();
    await expectAccessibleState(mine);
    await mine.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(leave).toBeFocused();

    const accept = invitationButtons(mine, inviting).accept;
    await accept.focus();
    await mine.keyboard.press('Enter');
    await expectToast(mine, TEXTS[language].accepted);
    await expect(invitationButtons(mine, inviting).accept).toHaveCount(0);
    await context.close();
  });
}
