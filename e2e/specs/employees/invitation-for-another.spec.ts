import { randomUUID } from 'node:crypto';
import { expectAccessibleState } from '../../support/axe.ts';
import { invitationButtons } from '../../support/employee-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { inviteAndReadLink } from '../../support/invitations.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { myPracticePage } from '../../support/practice-pages.ts';
import { customerDataLoaded, signIn, submitCredentials } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

// Issue 22, point 1 (decision 0058): an invitation's link opened while signed in as somebody
// else says so, with the address masked, and signs in with the right account on request.

const TEXTS = {
  de: {
    notice: 'Diese Einladung ist für ein anderes Konto',
    sentTo: 'Die Einladung wurde an e***@example.com gesendet.',
    switchAccount: 'Mit anderem Konto anmelden',
  },
  en: {
    notice: 'This invitation is for another account',
    sentTo: 'The invitation was sent to e***@example.com.',
    switchAccount: 'Sign in with another account',
  },
} as const;

for (const language of ['de', 'en'] as const) {
  test(`an invitation opened as another person says so and signs in with the right account (${language})`, async ({
    browser,
    page,
    portal,
    request,
    createUser,
  }) => {
    test.setTimeout(90_000);
    const texts = TEXTS[language];
    const practice = `Praxis Einladend ${randomUUID().slice(0, 6)}`;
    const owner = await createUser({ practices: [{ name: practice }] });
    const invited = await createUser();
    const stranger = await createUser();

    const link = await inviteAndReadLink(page, request, portal.url, owner, invited.email);

    // A browser of its own: the stranger's.
    const context = await browser.newContext();
    await recordToasts(context);
    const other = await context.newPage();
    await usePortalLanguage(other, portal.url, language);
    await other.goto(link);
    await signIn(other, stranger.email, stranger.password);
    const notice = other.getByRole('region', { name: texts.notice });
    await expect(notice).toContainText(texts.sentTo);
    await expect(notice).toContainText(stranger.email);
    await expect(notice).not.toContainText(invited.email);
    await expect(invitationButtons(other, practice).accept).toHaveCount(0);
    await expectAccessibleState(other);

    // The keyboard reaches the button; the provider's form comes even with a session.
    const switchAccount = notice.getByRole('button', { name: texts.switchAccount });
    await switchAccount.focus();
    await other.keyboard.press('Enter');
    await expect(other).toHaveURL((url) => url.origin === portal.issuer);
    const loaded = customerDataLoaded(other);
    await submitCredentials(other, invited.email, invited.password);
    await loaded;
    expect(new URL(other.url()).search).toBe(new URL(link).search);
    await expect(myPracticePage(other).invitations).toBeVisible();
    await expect(invitationButtons(other, practice).accept).toBeVisible();
    await expect(other.getByRole('region', { name: texts.notice })).toHaveCount(0);
    await context.close();
  });
}
