import { ErrorCode } from '@pp/contract';
import { AccountChangeRefused, accountAdministration } from '@pp/idp';
import type { Config } from '../config.ts';
import { ApiError } from '../lib/http/problem.ts';
import { mailSiteOf } from '../mail/outbox.ts';
import type { IdentityAdministration } from './administration.ts';
import { providerMailer } from './provider-mailer.ts';

/**
 * The identity administration of the embedded provider (`@pp/idp`): it works on the provider's
 * tables in the api's transaction and sends its mails through the api's outbox, as the running
 * provider does.
 */
export function embeddedIdentityAdministration(config: Config): IdentityAdministration {
  const accounts = accountAdministration({
    issuer: config.oidc.issuer,
    mailer: providerMailer(mailSiteOf(config)),
  });
  return {
    sendPasswordReset: accounts.sendPasswordReset,
    hasAccount: accounts.hasAccount,
    async changeEmail(tx, from, to) {
      try {
        await accounts.changeEmail(tx, from, to);
      } catch (error) {
        if (!(error instanceof AccountChangeRefused)) throw error;
        // A customer who signs in elsewhere has no account here: nothing to move.
        if (error.reason === 'no-account') return;
        // Taken between the check and the change (another registration won the race).
        if (error.reason === 'email-in-use') throw new ApiError(409, ErrorCode.emailTaken);
        throw error;
      }
    },
  };
}
