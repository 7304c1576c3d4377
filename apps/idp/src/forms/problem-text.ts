import { messagesFor, type Locale } from '../i18n/locale.ts';
import type { EmailProblem } from './email-rules.ts';
import { PASSWORD_MAX, PASSWORD_MIN, type PasswordProblem } from './password-rules.ts';

export type FieldProblem = EmailProblem | PasswordProblem | 'mismatch';

/** The translated sentence shown under a field. */
export function problemText(locale: Locale, problem: FieldProblem): string {
  const t = messagesFor(locale).fields;
  switch (problem) {
    case 'tooShort':
      return t.tooShort(PASSWORD_MIN);
    case 'tooLong':
      return t.tooLong(PASSWORD_MAX);
    default:
      return t[problem];
  }
}

/** The hint under a new password: the rule, said before anybody breaks it. */
export function passwordHint(locale: Locale): string {
  return messagesFor(locale).fields.passwordHint(PASSWORD_MIN);
}
