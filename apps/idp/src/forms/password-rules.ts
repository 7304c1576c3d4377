import { normalizeEmail } from '@pp/contract';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 1024;

export type PasswordProblem = 'tooShort' | 'tooLong' | 'sameAsEmail';

export interface NewPasswordProblems {
  password?: PasswordProblem;
  passwordRepeat?: 'mismatch';
}

/**
 * The rules for a new password (docs/product.md §2, decision 0020): 10 to 1024 characters, not the
 * account's own address, typed the same twice. Length only, no composition rules: long
 * passphrases are welcome.
 */
export function checkNewPassword(
  password: string,
  repeat: string,
  email: string,
): NewPasswordProblems {
  const problems: NewPasswordProblems = {};
  const length = [...password].length;
  if (length < PASSWORD_MIN) problems.password = 'tooShort';
  else if (length > PASSWORD_MAX) problems.password = 'tooLong';
  else if (isTheAddress(password, email)) problems.password = 'sameAsEmail';
  if (repeat !== password) problems.passwordRepeat = 'mismatch';
  return problems;
}

function isTheAddress(password: string, email: string): boolean {
  const typed = password.trim().toLowerCase();
  return typed === email.trim().toLowerCase() || normalizeEmail(password) === normalizeEmail(email);
}
