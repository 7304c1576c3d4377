import { randomUUID } from 'node:crypto';
import { DEMO_USERS } from '../../support/demo-users.ts';
import {
  employeeList,
  invitationButtons,
  inviteForm,
  searchEmployees,
} from '../../support/employee-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { myPracticePage } from '../../support/practice-pages.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { expectToast, recordToasts } from '../../support/toasts.ts';

test.use({ portalScope: 'worker' });

// Sommer's invitations change here: a portal of its own (portalScope 'worker'). The audit entries of
// the invitation and the refusal are the api tests' (apps/api/test/employee/invitations.test.ts).
const ben = DEMO_USERS[1];
const SOMMER = 'Zahnarztpraxis Dr. Sommer';

test('a customer of another practice who is invited is no member until accepting; declining leaves nothing in Sommer', async ({
  browser,
  page,
  portal,
  createUser,
}) => {
  test.setTimeout(60_000);
  const own = `Praxis Eigen ${randomUUID().slice(0, 6)}`;
  const customer = await createUser({ practices: [{ name: own }] });

  await page.goto(`${portal.url}/my-practice/employees-overview/add`);
  await signIn(page, ben.email);
  const form = inviteForm(page);
  await form.email.fill(customer.email);
  await form.submit.click();
  await expectToast(page, 'Die Einladung wurde gesendet.');
  const list = employeeList(page);
  // Ben typed no name: the invitee shows with the address only, not their account's name.
  await expect(list.entry(customer.email)).toContainText('Eingeladen');
  await expect(list.list).not.toContainText(customer.name);

  const context = await browser.newContext();
  await recordToasts(context);
  const invitee = await context.newPage();
  await invitee.goto(`${portal.url}/my-practice`);
  await signIn(invitee, customer.email, customer.password);
  const mine = myPracticePage(invitee);
  await expect(mine.active).toContainText(own);
  await expect(mine.practice(SOMMER)).toContainText('Eingeladen');
  await expect(mine.practice(SOMMER)).toContainText('Eingeladen von Ben Krause');
  // Not a member yet: Sommer's pages are not theirs to open.
  await expect(
    invitee.getByRole('button', { name: /^(Zu dieser Praxis wechseln): Zahnarztpraxis/ }),
  ).toHaveCount(0);

  await invitationButtons(invitee, SOMMER).decline.click();
  await expectToast(invitee, 'Sie haben die Einladung abgelehnt.');
  await expect(mine.practice(SOMMER)).toHaveCount(0);
  await expect(mine.active).toContainText(own);

  const loaded = customerDataLoaded(page);
  await page.reload();
  await loaded;
  await searchEmployees(page, customer.email);
  await expect(page.getByText('Niemand entspricht Ihrer Suche oder Auswahl.')).toBeVisible();
  await context.close();
});
