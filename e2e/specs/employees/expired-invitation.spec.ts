import { z } from 'zod';
import { calls } from '@pp/contract';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { employeeList, invitationButtons, inviteForm } from '../../support/employee-pages.ts';
import { myPracticePage } from '../../support/practice-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { expectToast, recordToasts } from '../../support/toasts.ts';

test.use({ portalScope: 'worker' });

// Time passes through the test endpoint ATest/ExpireInvitations (no other call can set an
// expiry); Sommer gets a new invitee here: a portal of its own (portalScope 'worker').
const ben = DEMO_USERS[1];
const SOMMER = 'Zahnarztpraxis Dr. Sommer';
const Mailbox = z.object({ mails: z.array(z.object({ template: z.string() })) });

test('an invitation past its expiry cannot be accepted and says so; ben sends it again and it can', async ({
  browser,
  page,
  portal,
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

  const expired = await page.request.post(
    `${portal.url}/api/v1${calls.atestExpireInvitations.path}`,
    { data: { email: invited.email } },
  );
  expect(calls.atestExpireInvitations.response.parse(await expired.json())).toEqual({ expired: 1 });

  const context = await browser.newContext();
  await recordToasts(context);
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
  await list.choose(invited.email, 'Einladung erneut senden', 'Send invitation again');
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
