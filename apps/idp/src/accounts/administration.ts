import { eq, sql } from 'drizzle-orm';
import { retireAccountTokens } from './account-tokens.ts';
import { findAccountByEmail, normalAddress, releaseUnconfirmedAddress } from './accounts.ts';
import type { IdpDb } from '../db/database.ts';
import { idpAccounts } from '../db/schema.ts';
import { sendPasswordResetLink } from '../reset-password/send-link.ts';
import type { Locale } from '../i18n/locale.ts';
import type { IdentityMailer } from '../mail.ts';

export interface AccountAdministrationOptions {
  /** The provider's issuer: its pages are where the links of the mails lead. */
  issuer: string;
  /** The same mailer the running provider has (the api's outbox, within its limits). */
  mailer: IdentityMailer;
}

/**
 * Account actions the portal asks of the embedded provider (docs/product.md §2), in the portal's
 * transaction; the api's `IdentityAdministration`. Addresses are compared in the normal form.
 */
export interface AccountAdministration {
  /** The forgot-password page's link and mail, to the account of `email`; none without one. */
  sendPasswordReset(tx: IdpDb, email: string, language: Locale): Promise<void>;
  hasAccount(tx: IdpDb, email: string): Promise<boolean>;
  /** The account of `from` signs in with `to` from now on, still confirmed. */
  changeEmail(tx: IdpDb, from: string, to: string): Promise<void>;
}

export type AccountChangeRefusal = 'invalid-email' | 'no-account' | 'email-in-use';

/** `changeEmail` changed nothing: `to` is no address, `from` has no account, or `to` has one. */
export class AccountChangeRefused extends Error {
  constructor(readonly reason: AccountChangeRefusal) {
    super(`the account's address was not changed: ${reason}`);
    this.name = 'AccountChangeRefused';
  }
}

export function accountAdministration(
  options: AccountAdministrationOptions,
): AccountAdministration {
  const sender = { issuer: new URL(options.issuer).origin, mailer: options.mailer };
  return {
    sendPasswordReset: (tx, email, language) => sendPasswordResetLink(sender, tx, email, language),

    // An unconfirmed registration does not take its address (issue 23).
    async hasAccount(tx, email) {
      return (await findAccountByEmail(tx, email))?.emailVerified === true;
    },

    async changeEmail(tx, from, to) {
      const target = normalAddress(to);
      if (target === undefined) throw new AccountChangeRefused('invalid-email');
      const account = await findAccountByEmail(tx, from);
      if (!account) throw new AccountChangeRefused('no-account');
      if (account.email !== target) {
        const holder = await findAccountByEmail(tx, target);
        if (holder?.emailVerified) throw new AccountChangeRefused('email-in-use');
        // The portal's link to `to` proved the address: an unconfirmed registration gives way.
        if (holder) await releaseUnconfirmedAddress(tx, target);
      }
      await tx
        .update(idpAccounts)
        .set({ email: target, emailVerified: true, updatedAt: sql`now()` })
        .where(eq(idpAccounts.id, account.id));
      // Links mailed to the old address must not act on the account any more.
      await retireAccountTokens(tx, account.id, ['reset-password', 'verify-email']);
    },
  };
}
