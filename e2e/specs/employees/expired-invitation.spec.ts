import { z } from 'zod';
import { DEMO_USERS } from '../../support/demo-users.ts';
import {
  employeeList,
  expectToast,
  invitationButtons,
  inviteForm,
} from '../../support/employee-pages.ts';
import { myPracticePage } from '../../support/practice-pages.ts';
import { expect, test } from '../../support/server-database-portal.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';

// The expiry is written into the database (no call can set it): the portal runs on a database
// of its own on the PostgreSQL server.
const ben = DEMO_USERS[1];
const SOMMER = 'Zahnarztpraxis Dr. Sommer';
const Mailbox = z.object({ mails: z.array(z.object({ template: z.string() })) });

test('an invitation past its expiry cannot be accepted and says so; ben sends it again and it can', async ({
  browser,
  page,
  databasePortal: portal,
  createUser,
}) => {
  test.setTimeout(60_000);
  const invited = await createUser();
  await page.goto(`${portal.url}/my-practice/employees-overview/add`);
  await signIn(page, ben.email);
  const form = inviteForm(page);
  await form.email.fill(invited.email);
  await form.submit.click();
  await expectToast(page, 'Die Einladung wurde gesendet.');

  const expired = portal.sql(
    `update invitations set expires_at = now() - interval '1 hour'
      where email = '${invited.email}' and accepted_at is null returning id`,
  );
  expect(expired).not.toBe('');

  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(`${portal.url}/my-practice`);
  await signIn(invitee, invited.email, invited.password);
  const sommer = myPracticePage(invitee).practice(SOMMER);
  await expect(sommer).toContainText('kann nicht mehr angenommen werden');
  await expect(invitationButtons(invitee, SOMMER).accept).toHaveCount(0);

  const loaded = customerDataLoaded(page);
  await page.reload();
  await loaded;
  const list = employeeList(page);
  await expect(list.entry(invited.email)).toContainText('abgelaufen am');
  await list.action('Einladung erneut senden', 'Send invitation again', invited.email).click();
  await expectToast(page, 'Die Einladung wurde erneut gesendet.');
  await expect(list.entry(invited.email)).toContainText('gültig bis');
  const mailbox = await page.request.get(`${portal.url}/dev/mailbox.json`, {
    params: { to: invited.email },
  });
  const { mails } = Mailbox.parse(await mailbox.json());
  expect(mails.filter((mail) => mail.template === 'invitation')).toHaveLength(2);

  const reloaded = customerDataLoaded(invitee);
  await invitee.reload();
  await reloaded;
  await invitationButtons(invitee, SOMMER).accept.click();
  await expect(myPracticePage(invitee).active).toContainText(SOMMER);
  await context.close();
});
