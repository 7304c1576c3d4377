import { randomUUID } from 'node:crypto';
import { confirmationForm, registrationForm } from '../../support/account-pages.ts';
import { expectAccessibleState } from '../../support/axe.ts';
import { invitationButtons } from '../../support/employee-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { inviteAndReadLink } from '../../support/invitations.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { linkFromMailbox, newVisitorAddress } from '../../support/mailbox.ts';
import { myPracticePage } from '../../support/practice-pages.ts';
import { customerDataLoaded, signInForm } from '../../support/sign-in.ts';
import { expectToast, recordToasts } from '../../support/toasts.ts';

// Issue 22, points 1 and 12 (decision 0058): an invited person who has no account registers from
// the invitation's link, confirms the address in the same browser without typing the password
// again, and lands signed in on the invitation, which leads the page.

const TEXTS = {
  de: {
    register: 'Registrieren',
    sent: 'Bitte prüfen Sie Ihr Postfach',
    confirmed: 'E-Mail-Adresse bestätigt',
    toPortal: 'Zum Portal',
    invited: 'Sie wurden eingeladen',
    noPractice: 'Sie sind noch mit keiner Praxis verbunden',
    view: 'Einladung ansehen',
    accept: 'Einladung annehmen',
    accepted: 'Sie haben die Einladung angenommen und gehören jetzt zur Praxis.',
  },
  en: {
    register: 'Register',
    sent: 'Please check your inbox',
    confirmed: 'E-mail address confirmed',
    toPortal: 'Go to the portal',
    invited: 'You have been invited',
    noPractice: 'You are not connected to a practice yet',
    view: 'View invitation',
    accept: 'Accept invitation',
    accepted: 'You have accepted the invitation and now belong to the practice.',
  },
} as const;

for (const language of ['de', 'en'] as const) {
  test(`an invitee registers from the invitation's link and lands signed in on it, the password typed once (${language})`, async ({
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
    const email = newVisitorAddress();
    const password = `Neu-im-Portal-${Date.now()}`;

    const invitation = await inviteAndReadLink(page, request, portal.url, owner, email);

    // A browser of its own: the invitee's.
    const context = await browser.newContext();
    await recordToasts(context);
    const invitee = await context.newPage();
    await usePortalLanguage(invitee, portal.url, language);
    await invitee.goto(invitation);
    await expect(invitee).toHaveURL((url) => url.origin === portal.issuer);
    await invitee.getByRole('link', { name: texts.register, exact: true }).click();
    const registration = registrationForm(invitee);
    await registration.email.fill(email);
    await registration.password.fill(password);
    await registration.repeat.fill(password);
    await registration.submit.click();
    await expect(invitee.getByRole('heading', { name: texts.sent })).toBeVisible();

    // The mail's link, opened in the browser that registered: confirmed, no password asked.
    const link = await linkFromMailbox(
      request,
      portal.url,
      email,
      'account-verification',
      '/register/verify',
    );
    await invitee.goto(link);
    await expect(invitee.getByRole('heading', { level: 1, name: texts.confirmed })).toBeVisible();
    // The same page as after a confirmation elsewhere, whose accessibility is checked in
    // accessibility.spec.ts.
    await expect(confirmationForm(invitee).password).toHaveCount(0);

    // "Zum Portal" returns to the invitation, signed in without the sign-in form.
    const loaded = customerDataLoaded(invitee);
    await invitee.getByRole('link', { name: texts.toPortal }).click();
    await loaded;
    const target = new URL(invitation);
    await expect(invitee).toHaveURL(
      (url) => url.origin === portal.url && url.search === target.search,
    );
    expect(new URL(invitee.url()).pathname).toBe(target.pathname);
    await expect(signInForm(invitee).password).toHaveCount(0);

    // The invitation leads the page, before the offer to add a practice of one's own.
    const mine = myPracticePage(invitee);
    await expect(mine.invitations).toBeVisible();
    const firstSection = invitee.getByRole('main').getByRole('heading', { level: 2 }).first();
    await expect(firstSection).toHaveText(texts.invited);
    await expect(invitee.getByRole('region', { name: texts.noPractice })).toBeVisible();
    const accept = invitationButtons(invitee, practice).accept;
    await expect(accept).toBeVisible();
    await expect(
      mine.invitations.getByRole('button', { name: `${texts.accept}: ${practice}` }),
    ).toBeVisible();
    await expectAccessibleState(invitee);

    // The dashboard leads with it too, and its link goes there; the keyboard accepts.
    await invitee.goto(`${portal.url}/dashboard`);
    const card = invitee.getByRole('region', { name: texts.invited });
    await expect(card).toContainText(practice);
    await expect(firstSection).toHaveText(texts.invited);
    await expectAccessibleState(invitee);
    await card.getByRole('link', { name: texts.view }).click();
    await accept.focus();
    await invitee.keyboard.press('Enter');
    await expectToast(invitee, texts.accepted);
    await expect(mine.active).toContainText(practice);
    await expect(mine.invitations).toHaveCount(0);
    await context.close();
  });
}
