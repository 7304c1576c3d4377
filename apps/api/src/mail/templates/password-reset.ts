import type { MailTemplate } from '../render.ts';

export interface PasswordResetParams {
  /** The page that sets a new password. */
  link: URL;
  /** How long the link is valid. */
  validMinutes: number;
}

export const passwordReset: MailTemplate<PasswordResetParams> = {
  de: ({ link, validMinutes }) => ({
    subject: 'Passwort zurücksetzen',
    blocks: [
      `Sie haben angefordert, Ihr Passwort für das Praxisportal zurückzusetzen. Über den folgenden Link vergeben Sie ein neues Passwort. Er ist ${validMinutes} Minuten gültig und kann nur einmal verwendet werden.`,
      { link, label: 'Neues Passwort vergeben' },
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail bitte. Ihr Passwort bleibt dann unverändert.',
    ],
  }),
  en: ({ link, validMinutes }) => ({
    subject: 'Reset your password',
    blocks: [
      `You asked to reset your Practice Portal password. Use the link below to choose a new password. It is valid for ${validMinutes} minutes and can be used once.`,
      { link, label: 'Choose a new password' },
      'If you did not ask for this, please ignore this e-mail. Your password stays the same.',
    ],
  }),
};
