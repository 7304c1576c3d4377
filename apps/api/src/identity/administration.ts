import type { Language } from '@pp/contract';
import type { Executor } from '@pp/database';

/**
 * Account actions OpenID Connect does not standardise (docs/product.md §2), done at the identity
 * provider on the portal's behalf. Implemented for the embedded provider (`@pp/idp`'s
 * `accountAdministration`); with another provider the calls that need it answer
 * `not_available` until its adapter exists. Addresses are in the contract's normal form.
 */
export interface IdentityAdministration {
  /**
   * Sends a link that sets a new password to the account with this address, in the caller's
   * transaction. Nothing happens when no account has the address.
   */
  sendPasswordReset(tx: Executor, email: string, language: Language): Promise<void>;
  /** Whether an account of the provider uses this address. */
  hasAccount(tx: Executor, email: string): Promise<boolean>;
  /** The account of `from` signs in with `to` from now on; the portal has verified `to`. */
  changeEmail(tx: Executor, from: string, to: string): Promise<void>;
}
