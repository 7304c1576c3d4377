import type { MailTemplate } from '../render.ts';

export interface AccountExistsParams {
  signInLink: URL;
  resetLink: URL;
}

/**
 * To an address that registered again although it has an account: the registration page answers
 * the same either way, so only the owner of the mailbox learns that the account exists.
 */
export const accountExists: MailTemplate<AccountExistsParams> = {
  de: ({ signInLink, resetLink }) => ({
    subject: 'Sie haben bereits ein Konto im Praxisportal',
    blocks: [
      'Jemand wollte sich mit dieser E-Mail-Adresse im Praxisportal registrieren. Zu dieser Adresse gibt es aber bereits ein Konto, deshalb wurde kein neues angelegt.',
      'Wenn Sie das waren, melden Sie sich bitte mit Ihrem bisherigen Passwort an.',
      { link: signInLink, label: 'Zur Anmeldung' },
      'Falls Sie Ihr Passwort vergessen haben, vergeben Sie hier ein neues:',
      { link: resetLink, label: 'Passwort zurücksetzen' },
      'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail bitte. Ihr Konto bleibt unverändert.',
    ],
  }),
  en: ({ signInLink, resetLink }) => ({
    subject: 'You already have a Practice Portal account',
    blocks: [
      'Someone tried to register with this e-mail address in the Practice Portal. This address already has an account, so no new one was created.',
      'If that was you, please sign in with your current password.',
      { link: signInLink, label: 'Sign in' },
      'If you forgot your password, choose a new one here:',
      { link: resetLink, label: 'Reset password' },
      'If that was not you, please ignore this e-mail. Your account stays as it is.',
    ],
  }),
};
