import { issueAccountToken } from '../accounts/account-tokens.ts';
import { findAccountByEmail } from '../accounts/accounts.ts';
import type { IdpDb } from '../db/database.ts';
import { ACCOUNT_PAGES, pageUrl } from '../forms/paths.ts';
import type { Locale } from '../i18n/locale.ts';
import { LIFETIMES } from '../lifetimes.ts';
import type { IdentityMailer } from '../mail.ts';

export interface ResetLinkSender {
  issuer: string;
  mailer: IdentityMailer;
}

/**
 * Sends the account of this address a single-use link (60 minutes) that sets a new password, in
 * the caller's transaction; nothing happens when no account has the address. Used by the
 * forgot-password page and by the portal's "change password" (the administration port).
 */
export async function sendPasswordResetLink(
  sender: ResetLinkSender,
  tx: IdpDb,
  email: string,
  language: Locale,
): Promise<void> {
  const account = await findAccountByEmail(tx, email);
  if (!account) return;
  const token = await issueAccountToken(tx, account.id, 'reset-password');
  await sender.mailer.send(tx, {
    kind: 'password-reset',
    to: account.email,
    language,
    link: pageUrl(sender.issuer, ACCOUNT_PAGES.resetPassword, language, token),
    validMinutes: LIFETIMES.resetLink / 60,
  });
}
