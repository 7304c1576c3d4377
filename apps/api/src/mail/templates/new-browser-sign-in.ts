import type { MailTemplate } from '../render.ts';

export interface NewBrowserSignInParams {
  /** When the sign-in happened, already written out in the mail's language. */
  when: string;
  /** "Firefox 128 unter Windows 10" and the like. */
  browser: string;
  /** The portal's security page: sessions, sign-ins, sign out everywhere. */
  link: URL;
}

/** After a sign-in from a browser the account had not used before (decision 0067). */
export const newBrowserSignIn: MailTemplate<NewBrowserSignInParams> = {
  de: ({ when, browser, link }) => ({
    subject: 'Neue Anmeldung bei Ihrem Konto',
    blocks: [
      `Ihr Konto im Praxisportal wurde am ${when} in einem Browser angemeldet, den es bisher nicht kannte: ${browser}.`,
      'Wenn Sie das waren, ist nichts zu tun. Wenn nicht, melden Sie bitte auf der Seite „Sicherheit“ alle Sitzungen ab und vergeben Sie ein neues Passwort.',
      { link, label: 'Sitzungen und Anmeldungen ansehen' },
    ],
  }),
  en: ({ when, browser, link }) => ({
    subject: 'New sign-in to your account',
    blocks: [
      `Your Practice Portal account was signed in on ${when} in a browser it had not seen before: ${browser}.`,
      'If that was you, there is nothing to do. If not, please sign out everywhere on the "Security" page and choose a new password.',
      { link, label: 'See sessions and sign-ins' },
    ],
  }),
};
