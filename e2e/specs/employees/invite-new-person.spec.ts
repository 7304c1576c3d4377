import type { Page } from '@playwright/test';
import { registrationForm } from '../../support/account-pages.ts';
import { DEMO_USERS } from '../../support/demo-users.ts';
import {
  confirmation,
  DISABLE_DIALOG,
  employeeList,
  invitationButtons,
  inviteForm,
  searchEmployees,
} from '../../support/employee-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { linkFromMailbox, newVisitorAddress } from '../../support/mailbox.ts';
import { myPracticePage } from '../../support/practice-pages.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { expectToast, recordToasts } from '../../support/toasts.ts';

test.use({ portalScope: 'worker' });

// Sommer gets a new member here: a portal of its own (portalScope 'worker').
const ben = DEMO_USERS[1];
const SOMMER = 'Zahnarztpraxis Dr. Sommer';

/** Registers the invited address from the provider's sign-in page and confirms it by mail. */
async function registerInvitee(page: Page, portalUrl: string, email: string, password: string) {
  await page.getByRole('link', { name: 'Registrieren' }).click();
  const form = registrationForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.repeat.fill(password);
  await form.submit.click();
  await expect(page.getByRole('heading', { name: 'Bitte prüfen Sie Ihr Postfach' })).toBeVisible();
  const link = await linkFromMailbox(
    page.request,
    portalUrl,
    email,
    'account-verification',
    '/register/verify',
  );
  // The browser that registered confirms without the password (decision 0058).
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'E-Mail-Adresse bestätigt' })).toBeVisible();
}

async function reload(page: Page) {
  const loaded = customerDataLoaded(page);
  await page.reload();
  await loaded;
}

test('ben invites a new address; the invitee registers through the mail, accepts, is disabled and enabled again', async ({
  browser,
  page,
  portal,
}) => {
  test.setTimeout(90_000);
  const email = newVisitorAddress();
  const password = `Neu-im-Portal-${Date.now()}`;

  // Ben invites.
  await page.goto(`${portal.url}/my-practice/employees-overview/add`);
  await signIn(page, ben.email);
  const form = inviteForm(page);
  await form.email.fill(email);
  await form.firstName.fill('Nina');
  await form.lastName.fill('Neu');
  await form.location('Praxis Mitte').check();
  await form.submit.click();
  await expectToast(page, 'Die Einladung wurde gesendet.');
  const list = employeeList(page);
  await expect(list.entry('Nina Neu')).toContainText('Eingeladen');
  await expect(list.entry('Nina Neu')).toContainText('Standorte: Praxis Mitte');

  // The invitee opens the mail's link, registers, confirms and accepts.
  const link = await linkFromMailbox(page.request, portal.url, email, 'invitation', '/my-practice');
  const context = await browser.newContext();
  await recordToasts(context);
  const invitee = await context.newPage();
  await invitee.goto(link);
  await expect(invitee).toHaveURL((url) => url.origin === portal.issuer);
  await registerInvitee(invitee, portal.url, email, password);
  // "Zum Portal" returns to the invitation, signed in.
  const signedIn = customerDataLoaded(invitee);
  await invitee.getByRole('link', { name: 'Zum Portal' }).click();
  await signedIn;
  const mine = myPracticePage(invitee);
  await expect(mine.practice(SOMMER)).toContainText('Eingeladen von Ben Krause');
  await expect(mine.active).toHaveCount(0);
  await invitationButtons(invitee, SOMMER).accept.click();
  await expect(mine.active).toContainText(SOMMER);
  await expect(mine.active).toContainText('Friedrichstraße 120, 10117 Berlin');

  // Ben sees a member now, still under the name he typed: they gave none of their own yet, and
  // the address alone would not tell him who it is (issue 22, point 10). He disables them after
  // a confirmation naming them.
  await reload(page);
  await searchEmployees(page, email);
  await expect(list.entry('Nina Neu')).toContainText('Aktiv');
  await expect(list.entry('Nina Neu')).toContainText('Standorte: Praxis Mitte');
  await list.choose('Nina Neu', 'Deaktivieren', 'Disable');
  const dialog = confirmation(page, DISABLE_DIALOG);
  await expect(dialog.dialog).toContainText('Möchten Sie den Zugang von Nina Neu');
  await dialog.confirm.click();
  await expectToast(page, 'Der Zugang der Person ist deaktiviert.');
  await expect(list.entry('Nina Neu')).toContainText('Deaktiviert');

  // The invitee's next page load no longer shows Sommer's data.
  await reload(invitee);
  await expect(mine.practice(SOMMER)).toContainText('Zugang deaktiviert');
  await expect(mine.active).toHaveCount(0);
  await invitee.goto(`${portal.url}/my-practice/location-overview`);
  await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('Standorte');
  await expect(invitee.getByText('Praxis Mitte')).toHaveCount(0);

  // Ben enables them again; Sommer is back on their next load.
  await list.choose('Nina Neu', 'Aktivieren', 'Enable');
  await expectToast(page, 'Die Person hat jetzt Zugang zur Praxis.');
  await invitee.goto(`${portal.url}/my-practice`);
  await expect(mine.active).toContainText(SOMMER);
  await context.close();
});
