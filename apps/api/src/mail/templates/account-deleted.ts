import type { MailTemplate } from '../render.ts';

export interface AccountDeletedParams {
  /** Names of the practices deleted with the account; empty when none was. */
  practices: string[];
  /**
   * Whether the sign-in account went with it (the embedded provider). An external provider's page
   * is not linked: a mail links only to the portal's origins; the portal's answer names it.
   */
  providerAccountClosed: boolean;
}

/** To the address of an account just deleted (decision 0078): what went, and what is left to do. */
export const accountDeleted: MailTemplate<AccountDeletedParams> = {
  de: ({ practices, providerAccountClosed }) => ({
    subject: 'Ihr Konto im Praxisportal wurde gelöscht',
    blocks: [
      'Ihr Konto im Praxisportal wurde auf Ihren Wunsch gelöscht. Ihre Mitgliedschaften in Praxen sind beendet, Ihre Newsletter-Einwilligung ist widerrufen, und Ihre persönlichen Daten wurden entfernt.',
      ...(practices.length > 0 ? [`Mit Ihrem Konto gelöscht: ${practices.join(', ')}.`] : []),
      providerAccountClosed
        ? 'Sie können sich mit dieser Adresse nicht mehr anmelden.'
        : 'Ihr Anmeldekonto verwaltet Ihr Anmeldedienst; schließen Sie es dort, wenn Sie es nicht mehr brauchen.',
      'Wenn Sie das nicht waren, wenden Sie sich bitte an den Betreiber des Praxisportals.',
    ],
  }),
  en: ({ practices, providerAccountClosed }) => ({
    subject: 'Your Practice Portal account was deleted',
    blocks: [
      'Your Practice Portal account was deleted as you asked. Your memberships of practices have ended, your newsletter consent is withdrawn, and your personal data was removed.',
      ...(practices.length > 0 ? [`Deleted with your account: ${practices.join(', ')}.`] : []),
      providerAccountClosed
        ? 'You can no longer sign in with this address.'
        : 'Your sign-in account is managed by your sign-in service; close it there if you no longer need it.',
      'If that was not you, please contact the operator of the Practice Portal.',
    ],
  }),
};
