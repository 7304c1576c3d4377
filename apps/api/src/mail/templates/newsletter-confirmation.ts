import type { MailTemplate } from '../render.ts';

export interface NewsletterConfirmationParams {
  /** The page that confirms the subscription (valid 48 hours, once). */
  confirmLink: URL;
  /** The signed page that withdraws the newsletter consent in one click (decision 0077). */
  unsubscribeLink: URL;
}

/** Double opt-in: the subscription, or a wider choice of it, counts only once confirmed here. */
export const newsletterConfirmation: MailTemplate<NewsletterConfirmationParams> = {
  de: ({ confirmLink, unsubscribeLink }) => ({
    subject: 'Bitte bestätigen Sie Ihr Newsletter-Abonnement',
    blocks: [
      'Sie haben im Praxisportal den Newsletter bestellt oder weitere Verteiler oder Themen gewählt. Bitte bestätigen Sie das über den folgenden Link. Er ist 48 Stunden gültig und kann einmal verwendet werden.',
      { link: confirmLink, label: 'Abonnement bestätigen' },
      'Ohne Ihre Bestätigung erhalten Sie keinen Newsletter. Wenn Sie ihn nicht bestellt haben, ignorieren Sie diese E-Mail bitte.',
      'Sie können den Newsletter jederzeit mit einem Klick abbestellen, ohne sich anzumelden:',
      { link: unsubscribeLink, label: 'Newsletter abbestellen' },
    ],
  }),
  en: ({ confirmLink, unsubscribeLink }) => ({
    subject: 'Please confirm your newsletter subscription',
    blocks: [
      'You subscribed to the newsletter in the Practice Portal or chose further distributors or topics. Please confirm this with the link below. It is valid for 48 hours and can be used once.',
      { link: confirmLink, label: 'Confirm subscription' },
      'Without your confirmation you will not receive any newsletter. If you did not subscribe, please ignore this e-mail.',
      'You can unsubscribe at any time with one click, without signing in:',
      { link: unsubscribeLink, label: 'Unsubscribe from the newsletter' },
    ],
  }),
};
