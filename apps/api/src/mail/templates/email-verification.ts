import type { MailTemplate } from '../render.ts';

export interface EmailVerificationParams {
  /** The page that confirms the new address (valid 24 hours). */
  link: URL;
}

/** To the new address of a requested e-mail change. */
export const emailVerification: MailTemplate<EmailVerificationParams> = {
  de: ({ link }) => ({
    subject: 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse',
    blocks: [
      'Sie möchten Ihre E-Mail-Adresse im Praxisportal in diese Adresse ändern. Bitte bestätigen Sie die Änderung über den folgenden Link. Er ist 24 Stunden gültig.',
      { link, label: 'E-Mail-Adresse bestätigen' },
      'Wenn Sie diese Änderung nicht angefordert haben, ignorieren Sie diese E-Mail bitte. Es ändert sich dann nichts.',
    ],
  }),
  en: ({ link }) => ({
    subject: 'Please confirm your new e-mail address',
    blocks: [
      'You asked to change your e-mail address in the Practice Portal to this address. Please confirm the change with the link below. It is valid for 24 hours.',
      { link, label: 'Confirm e-mail address' },
      'If you did not ask for this change, please ignore this e-mail. Nothing will change.',
    ],
  }),
};
