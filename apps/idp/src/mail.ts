import type { IdpDb } from './db/database.ts';
import type { Locale } from './i18n/locale.ts';

/**
 * The mails the provider sends. The application that embeds the provider renders them in the
 * recipient's language and delivers them (the api writes them to its outbox).
 */
export type IdentityMail =
  | {
      kind: 'account-verification';
      to: string;
      language: Locale;
      /** Confirms the address of a new account. */
      link: URL;
      validHours: number;
    }
  | {
      kind: 'account-exists';
      to: string;
      language: Locale;
      /** Someone tried to register this address again: where to sign in or reset instead. */
      signInLink: URL;
      resetLink: URL;
    }
  | {
      kind: 'password-reset';
      to: string;
      language: Locale;
      /** Sets a new password (single use). */
      link: URL;
      validMinutes: number;
    }
  | {
      kind: 'new-browser-sign-in';
      to: string;
      language: Locale;
      /** When the sign-in happened. */
      at: Date;
      /** The browser's user agent, which the mail names as browser and system. */
      userAgent: string;
      /** The portal's security page: sessions, sign-ins, sign out everywhere. */
      securityLink: URL;
    }
  | SecurityMail;

/** A change of the account's second factors that its owner hears of (issue 41, finding 3). */
export type SecondFactorChange =
  'app-added' | 'app-removed' | 'recovery-codes-renewed' | 'passkey-added' | 'passkey-removed';

export type SecurityMail =
  | {
      kind: 'second-factor-failures';
      to: string;
      language: Locale;
      /** When the codes' limit began to hold. */
      at: Date;
      /** The portal's security page: sessions, sign-ins, sign out everywhere. */
      securityLink: URL;
    }
  | {
      kind: 'second-factor-changed';
      to: string;
      language: Locale;
      change: SecondFactorChange;
      /** The passkey's name, for a passkey added or removed. */
      passkeyName?: string | undefined;
      at: Date;
      /** The browser that made the change. */
      userAgent: string;
      securityLink: URL;
    };

export interface IdentityMailer {
  /**
   * Writes the mail in `tx`, so it goes out only if the transaction commits. Answers false, and
   * writes nothing, when a mail limit holds it back (the caller answers the same either way).
   */
  send(tx: IdpDb, mail: IdentityMail): Promise<boolean>;
}
