import type { APIRequestContext, Page } from '@playwright/test';
import { inviteForm } from './employee-pages.ts';
import { linkFromMailbox } from './mailbox.ts';
import { signIn } from './sign-in.ts';
import { expectToast } from './toasts.ts';

/**
 * The owner signs in on the invitation form, invites `email`, and the invitation's link is read
 * from the development mailbox: the start of every spec about an invitee's way in.
 */
export async function inviteAndReadLink(
  page: Page,
  request: APIRequestContext,
  portalUrl: string,
  owner: { email: string; password: string },
  email: string,
): Promise<string> {
  await page.goto(`${portalUrl}/my-practice/employees-overview/add`);
  await signIn(page, owner.email, owner.password);
  await inviteForm(page).email.fill(email);
  await inviteForm(page).submit.click();
  await expectToast(page, 'Die Einladung wurde gesendet.');
  return linkFromMailbox(request, portalUrl, email, 'invitation', '/my-practice');
}
