import { issueAccountToken } from '../accounts/account-tokens.ts';
import { hashPassword, releaseUnconfirmedAddress } from '../accounts/accounts.ts';
import { idpAccounts } from '../db/schema.ts';
import { ACCOUNT_PAGES, pageUrl } from '../forms/paths.ts';
import type { Locale } from '../i18n/locale.ts';
import { LIFETIMES } from '../lifetimes.ts';
import type { ResolvedOptions } from '../options.ts';

export interface Registration {
  /** In the contract's normal form. */
  email: string;
  password: string;
  locale: Locale;
  /** The portal path to return to after confirming (forms/return-path.ts), if any. */
  returnTo?: string | undefined;
}

/**
 * A new address, or one whose earlier registration nobody confirmed, gets an unconfirmed account
 * and the `account-verification` mail; an address that has a confirmed account gets the `account-exists` mail, and nothing changes. Either way in one
 * transaction with the mail, and with one Argon2 hash, so that neither the answer nor its time
 * tells the two apart. A mail held back by a limit changes nothing of that. Answers the new
 * link's secret (for the registering browser's cookie), or undefined when no link was made.
 */
export async function register(
  options: ResolvedOptions,
  registration: Registration,
): Promise<string | undefined> {
  const { db, mailer, issuer, logger } = options;
  const { email, locale } = registration;
  const passwordHash = await hashPassword(registration.password);
  return db.transaction(async (tx) => {
    // An earlier registration nobody confirmed does not hold the address: this one replaces it,
    // and its link (which asks for that registration's password) stops working.
    await releaseUnconfirmedAddress(tx, email);
    const [created] = await tx
      .insert(idpAccounts)
      .values({ email, passwordHash, locale, emailVerified: false })
      .onConflictDoNothing({ target: idpAccounts.email })
      .returning({ id: idpAccounts.id });
    if (!created) {
      await mailer.send(tx, {
        kind: 'account-exists',
        to: email,
        language: locale,
        signInLink: new URL(options.portalUrl),
        resetLink: pageUrl(issuer, ACCOUNT_PAGES.forgotPassword, locale),
      });
      logger.info({}, 'registration of an address that has an account');
      return undefined;
    }
    const { returnTo } = registration;
    const account = { accountId: created.id, email, locale, returnTo };
    const linkSecret = await sendVerification(options, tx, account);
    logger.info({ accountId: created.id }, 'account registered, address not confirmed yet');
    return linkSecret;
  });
}

/**
 * A new single-use link that confirms the account's address, by mail; with the portal path the
 * registration returns to. Answers the link's secret.
 */
export async function sendVerification(
  options: Pick<ResolvedOptions, 'mailer' | 'issuer'>,
  tx: ResolvedOptions['db'],
  account: { accountId: string; email: string; locale: Locale; returnTo?: string | undefined },
): Promise<string> {
  const token = await issueAccountToken(tx, account.accountId, 'verify-email');
  const { issuer } = options;
  await options.mailer.send(tx, {
    kind: 'account-verification',
    to: account.email,
    language: account.locale,
    link: pageUrl(issuer, ACCOUNT_PAGES.verify, account.locale, token, account.returnTo),
    validHours: LIFETIMES.verificationLink / 3600,
  });
  return token;
}
