import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { registrationForm } from '../../support/account-pages.ts';
import { contactOf, createInCrm, navigationOf } from '../../support/dataverse.ts';
import { employeeList } from '../../support/employee-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { linkFromMailbox, newVisitorAddress } from '../../support/mailbox.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

// Issue 44: a practice and a person made in the CRM the way its users make them — the account
// with a name and a city, the contact with a name and an address, none of the portal's columns —
// and the memberships a CRM user adds between them, reach the portal: the person in the
// practice's staff list, the practice on the person's dashboard once they have an account.

/** Letters only (a person's name has no digits, decision 0049). */
const letters = () =>
  randomUUID()
    .slice(0, 6)
    .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!);

/** Reloads the page until the dashboard names the practice: it arrives within a sync round. */
async function expectOnDashboard(page: Page, practice: string, heading: RegExp) {
  const card = page.getByRole('region', { name: heading });
  await expect(async () => {
    const loaded = customerDataLoaded(page);
    await page.reload();
    await loaded;
    await expect(card).toContainText(practice, { timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [1_000] });
}

test('a practice and a person made in the CRM without the portal columns appear in the portal', async ({
  browser,
  page,
  portal,
  createUser,
  request,
}) => {
  test.setTimeout(150_000);
  // An administrator the portal knows; the outbox makes their contact in the CRM.
  const admin = await createUser();
  await expect
    .poll(async () => contactOf(request, portal, admin.email), { timeout: 15_000 })
    .toBeTruthy();
  const adminContact = String((await contactOf(request, portal, admin.email))!.contactid);

  // What a CRM user types into Dynamics' forms: an account with a name and a city (no account
  // number, no country), a contact with a name and an address at it, two memberships.
  const practice = `Zahnarztpraxis Krüger ${letters()}`;
  const person = { first: 'Henrike', last: `Brandt-${letters()}`, email: newVisitorAddress() };
  const accountId = await createInCrm(request, portal, 'accounts', {
    name: practice,
    address1_city: 'Potsdam',
  });
  const parent = await navigationOf(request, portal, 'contact', 'parentcustomerid');
  const contactId = await createInCrm(request, portal, 'contacts', {
    firstname: person.first,
    lastname: person.last,
    emailaddress1: person.email,
    [`${parent}@odata.bind`]: `/accounts(${accountId})`,
  });
  const toContact = await navigationOf(request, portal, 'pp_membership', 'pp_contactid');
  const toAccount = await navigationOf(request, portal, 'pp_membership', 'pp_accountid');
  await createInCrm(request, portal, 'pp_memberships', {
    [`${toContact}@odata.bind`]: `/contacts(${adminContact})`,
    [`${toAccount}@odata.bind`]: `/accounts(${accountId})`,
    pp_role: 100000001, // "Admin" in the form's choice
  });
  // The person's membership with the role left empty: a member.
  await createInCrm(request, portal, 'pp_memberships', {
    [`${toContact}@odata.bind`]: `/contacts(${contactId})`,
    [`${toAccount}@odata.bind`]: `/accounts(${accountId})`,
  });

  // The administrator sees the practice on the dashboard and the person in its staff list.
  await usePortalLanguage(page, portal.url, 'de');
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, admin.email, admin.password);
  await expectOnDashboard(page, practice, /^Aktive Praxis$/);
  const loaded = customerDataLoaded(page);
  await page.goto(`${portal.url}/my-practice/employees-overview`);
  await loaded;
  const list = employeeList(page);
  await expect(list.entry(`${person.first} ${person.last}`)).toBeVisible();
  await expect(list.entry(`${person.first} ${person.last}`)).toContainText('Mitglied');

  // The person, who has no account yet, registers with the address the CRM holds and finds
  // the practice on the dashboard after signing in.
  const context = await browser.newContext();
  await recordToasts(context);
  const own = await context.newPage();
  await usePortalLanguage(own, portal.url, 'en');
  await own.goto(portal.url);
  await expect(own).toHaveURL((url) => url.origin === portal.issuer);
  await own.getByRole('link', { name: 'Register', exact: true }).click();
  const password = `Aus-dem-CRM-${Date.now()}`;
  const registration = registrationForm(own);
  await registration.email.fill(person.email);
  await registration.password.fill(password);
  await registration.repeat.fill(password);
  await registration.submit.click();
  await expect(own.getByRole('heading', { name: 'Please check your inbox' })).toBeVisible();
  const link = await linkFromMailbox(
    request,
    portal.url,
    person.email,
    'account-verification',
    '/register/verify',
  );
  await own.goto(link);
  await expect(own.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
  const signedIn = customerDataLoaded(own);
  await own.getByRole('link', { name: 'Go to the portal' }).click();
  await signedIn;
  await expect(own.getByRole('region', { name: /^Active practice$/ })).toContainText(practice);
  await context.close();
});
