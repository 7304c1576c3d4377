import type { MailTemplate } from '../render.ts';

export interface AccountVerificationParams {
  /** Confirms the address of the new account. */
  link: URL;
  validHours: number;
}

/** To the address of a new registration at the embedded provider. */
export const accountVerification: MailTemplate<AccountVerificationParams> = {
  de: ({ link, validHours }) => ({
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    blocks: [
      `Sie haben sich mit dieser E-Mail-Adresse im Praxisportal registriert. Bitte bestätigen Sie die Adresse über den folgenden Link; die Seite fragt nach dem Passwort, das Sie bei der Registrierung gewählt haben. Der Link ist ${validHours} Stunden gültig. Danach können Sie sich anmelden.`,
      { link, label: 'E-Mail-Adresse bestätigen' },
      'Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail bitte und öffnen Sie den Link nicht. Ohne Bestätigung wird kein Konto aktiv.',
    ],
  }),
  en: ({ link, validHours }) => ({
    subject: 'Please confirm your e-mail address',
    blocks: [
      `You registered with this e-mail address in the Practice Portal. Please confirm the address with the link below; the page asks for the password you chose when you registered. The link is valid for ${validHours} hours. Then you can sign in.`,
      { link, label: 'Confirm e-mail address' },
      'If you did not register, please ignore this e-mail and do not open the link. No account becomes active without confirmation.',
    ],
  }),
};
