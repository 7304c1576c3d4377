import type { MailTemplate } from '../render.ts';

export interface EmailInUseParams {
  /** The portal's start page. */
  link: URL;
}

/** To the new address of a requested e-mail change when that address already has an account. */
export const emailInUse: MailTemplate<EmailInUseParams> = {
  de: ({ link }) => ({
    subject: 'Ihre E-Mail-Adresse wird bereits verwendet',
    blocks: [
      'Jemand möchte die E-Mail-Adresse eines Kontos im Praxisportal in diese Adresse ändern. Zu dieser Adresse gibt es aber bereits ein Konto, deshalb wurde nichts geändert.',
      'Wenn Sie das waren, melden Sie sich bitte mit dieser Adresse an. Falls Sie Ihr Passwort vergessen haben, können Sie es auf der Anmeldeseite zurücksetzen.',
      { link, label: 'Zum Praxisportal' },
      'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail bitte.',
    ],
  }),
  en: ({ link }) => ({
    subject: 'Your e-mail address is already in use',
    blocks: [
      'Someone asked to change the e-mail address of a Practice Portal account to this address. This address already has an account, so nothing was changed.',
      'If that was you, please sign in with this address. If you forgot your password, you can reset it on the sign-in page.',
      { link, label: 'Go to the Practice Portal' },
      'If that was not you, please ignore this e-mail.',
    ],
  }),
};
