import { usesProhibitedAlias } from '@pp/contract';
import { normalAddress } from '../accounts/accounts.ts';

export type EmailProblem = 'missingEmail' | 'invalidEmail' | 'prohibitedAlias';

export type CheckedEmail = { email: string } | { problem: EmailProblem };

/**
 * An address typed into one of our forms, in the contract's normal form (decision 0019). With
 * `prohibitedAliases` (registration), shared mailboxes such as info@ are refused as well.
 */
export function checkEmail(typed: string, prohibitedAliases?: readonly string[]): CheckedEmail {
  if (typed.trim() === '') return { problem: 'missingEmail' };
  const email = normalAddress(typed);
  if (email === undefined) return { problem: 'invalidEmail' };
  if (prohibitedAliases && usesProhibitedAlias(email, prohibitedAliases)) {
    return { problem: 'prohibitedAlias' };
  }
  return { email };
}
