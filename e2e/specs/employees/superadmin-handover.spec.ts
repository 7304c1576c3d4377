import { DEMO_USERS } from '../../support/demo-users.ts';
import { confirmation, employeeList, TRANSFER_DIALOG } from '../../support/employee-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { connectForm, myPracticePage } from '../../support/practice-pages.ts';
import { signIn } from '../../support/sign-in.ts';
import { expectToast, recordToasts } from '../../support/toasts.ts';

test.use({ portalScope: 'own' });

// Anna hands her role to Ben: the demo users' roles change, so a portal of this test's own
// (portalScope 'own'), not the worker's fresh portal the next specs expect the demo roles on.
const anna = DEMO_USERS[0];

test('anna approves a request to join, makes ben superadmin and is admin afterwards', async ({
  browser,
  page,
  portal,
  createUser,
}) => {
  test.setTimeout(60_000);
  const user = await createUser();
  const context = await browser.newContext();
  await recordToasts(context);
  const requester = await context.newPage();
  await requester.goto(`${portal.url}/my-practice/new-practice`);
  await signIn(requester, user.email, user.password);
  const connect = connectForm(requester);
  await connect.customerNumber.fill('P-900001');
  await connect.postalCode.fill('10117');
  await connect.submit.click();
  await expect(connect.sent).toBeVisible();

  await page.goto(`${portal.url}/my-practice/employees-overview?status=requested`);
  await signIn(page, anna.email);
  const list = employeeList(page);
  await expect(list.entry(user.name)).toContainText('Angefragt');
  await list.choose(user.name, 'Anfrage freigeben', 'Approve request');
  await expectToast(page, 'Die Person hat jetzt Zugang zur Praxis.');
  await expect(page.getByText('Niemand entspricht Ihrer Suche oder Auswahl.')).toBeVisible();
  await list.status.selectOption('enabled');
  await expect(list.entry(user.name)).toContainText('Aktiv');

  await list.entry('Ben Krause').getByRole('link', { name: 'Ben Krause' }).click();
  const person = page.getByRole('region', { name: 'Ben Krause' });
  // Role names follow the salutation (Herr Krause): no "/-in".
  await expect(person).toContainText('Administrator');
  await expect(person).not.toContainText('/-in');
  await person.getByRole('button', { name: 'Hauptadministration übergeben: Ben Krause' }).click();
  const dialog = confirmation(page, TRANSFER_DIALOG);
  await expect(dialog.dialog).toContainText('an Ben Krause übergeben');
  await expect(dialog.dialog).not.toContainText('/-in');
  await dialog.confirm.click();
  await expectToast(page, 'Die Hauptadministration wurde übergeben.');
  await expect(person).toContainText('Hauptadministrator');
  await expect(person).not.toContainText('/-in');
  // Anna is an admin now: no role changes for her any more.
  await expect(person.getByRole('button')).toHaveCount(0);

  // On a phone (the `phone` project) the navigation waits behind its button.
  const burger = page.getByRole('button', { name: 'Navigation öffnen' });
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('link', { name: 'Meine Praxis' }).click();
  await expect(myPracticePage(page).active).toContainText('Ihre Rolle: Administratorin');
  await context.close();
});
