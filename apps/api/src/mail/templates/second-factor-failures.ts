import type { MailTemplate } from '../render.ts';

export interface SecondFactorFailuresParams {
  /** When the codes began to wait, already written out in the mail's language. */
  when: string;
  /** The portal's security page: sessions, sign-ins, sign out everywhere. */
  link: URL;
}

/**
 * After so many wrong codes of the second factor that every client now waits (issue 41,
 * finding 2): whoever typed them got past the password.
 */
export const secondFactorFailures: MailTemplate<SecondFactorFailuresParams> = {
  de: ({ when, link }) => ({
    subject: 'Falsche Codes bei der Anmeldung an Ihrem Konto',
    blocks: [
      `Bei Ihrem Konto im Praxisportal wurden bis ${when} mehrfach falsche Codes Ihres zweiten Faktors eingegeben – nach dem richtigen Passwort. Weitere Codes werden deshalb vorerst verzögert angenommen.`,
      'Wenn Sie das nicht waren, kennt jemand Ihr Passwort: Vergeben Sie bitte sofort ein neues Passwort und melden Sie auf der Seite „Sicherheit“ alle Sitzungen ab. Ihr zweiter Faktor hat die Anmeldung bisher verhindert.',
      { link, label: 'Sitzungen und Anmeldungen ansehen' },
    ],
  }),
  en: ({ when, link }) => ({
    subject: 'Wrong codes at a sign-in to your account',
    blocks: [
      `Until ${when}, wrong codes of your second factor were entered repeatedly for your Practice Portal account – after the right password. Further codes are therefore accepted only after a delay for now.`,
      'If that was not you, someone knows your password: please choose a new password at once and sign out everywhere on the "Security" page. Your second factor has kept them out so far.',
      { link, label: 'See sessions and sign-ins' },
    ],
  }),
};
