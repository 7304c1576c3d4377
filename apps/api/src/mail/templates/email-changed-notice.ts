import type { MailTemplate } from '../render.ts';

export interface EmailChangedNoticeParams {
  /** The portal's start page. */
  link: URL;
}

/** To the old address when a change of the account's e-mail address was requested. */
export const emailChangedNotice: MailTemplate<EmailChangedNoticeParams> = {
  de: ({ link }) => ({
    subject: 'Änderung Ihrer E-Mail-Adresse angefordert',
    blocks: [
      'Für Ihr Konto im Praxisportal wurde eine Änderung der E-Mail-Adresse angefordert. Die Änderung wird erst wirksam, wenn sie über den Link bestätigt wird, den wir an die neue Adresse gesendet haben.',
      'Wenn Sie das nicht waren, melden Sie sich bitte an und ändern Sie Ihr Passwort.',
      { link, label: 'Zum Praxisportal' },
    ],
  }),
  en: ({ link }) => ({
    subject: 'Change of your e-mail address requested',
    blocks: [
      'A change of the e-mail address of your Practice Portal account was requested. It takes effect only once it is confirmed with the link we sent to the new address.',
      'If that was not you, please sign in and change your password.',
      { link, label: 'Go to the Practice Portal' },
    ],
  }),
};
