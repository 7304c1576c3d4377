import type { Language } from '@pp/contract';

interface Outcome {
  title: string;
  text: string;
}

export interface NewsletterPageTexts {
  confirm: { title: string; text: string; button: string };
  confirmed: Outcome;
  used: Outcome;
  expired: Outcome;
  invalid: Outcome;
  unsubscribe: { title: string; text: string; button: string };
  unsubscribed: Outcome;
  forged: Outcome;
  toPreferences: string;
}

/** The texts of the pages that the newsletter mails' links open, in the mail's language. */
export const NEWSLETTER_PAGE_TEXTS: Record<Language, NewsletterPageTexts> = {
  de: {
    confirm: {
      title: 'Newsletter-Abonnement bestätigen',
      text: 'Bitte bestätigen Sie, dass Sie den Newsletter mit der im Praxisportal gewählten Auswahl erhalten möchten.',
      button: 'Abonnement bestätigen',
    },
    confirmed: {
      title: 'Abonnement bestätigt',
      text: 'Vielen Dank. Ihr Newsletter-Abonnement ist bestätigt. Sie können es jederzeit abbestellen.',
    },
    used: {
      title: 'Link bereits verwendet',
      text: 'Dieses Abonnement wurde mit diesem Link bereits bestätigt.',
    },
    expired: {
      title: 'Link abgelaufen',
      text: 'Der Link war 48 Stunden gültig. Bitte fordern Sie in den Newsletter-Einstellungen eine neue Bestätigungs-E-Mail an.',
    },
    invalid: {
      title: 'Link ungültig',
      text: 'Dieser Link ist nicht (mehr) gültig, zum Beispiel weil eine neuere Bestätigungs-E-Mail gesendet wurde oder der Newsletter inzwischen abbestellt ist.',
    },
    unsubscribe: {
      title: 'Newsletter abbestellen',
      text: 'Möchten Sie den Newsletter abbestellen? Sie erhalten dann keine Newsletter mehr, bis Sie ihn im Praxisportal erneut bestellen.',
      button: 'Newsletter abbestellen',
    },
    unsubscribed: {
      title: 'Newsletter abbestellt',
      text: 'Sie erhalten keinen Newsletter mehr. Ihre Einwilligung ist widerrufen.',
    },
    forged: {
      title: 'Link ungültig',
      text: 'Dieser Abmeldelink ist nicht gültig. Sie können den Newsletter in den Newsletter-Einstellungen des Praxisportals abbestellen.',
    },
    toPreferences: 'Zu den Newsletter-Einstellungen',
  },
  en: {
    confirm: {
      title: 'Confirm newsletter subscription',
      text: 'Please confirm that you want to receive the newsletter with the choice you made in the Practice Portal.',
      button: 'Confirm subscription',
    },
    confirmed: {
      title: 'Subscription confirmed',
      text: 'Thank you. Your newsletter subscription is confirmed. You can unsubscribe at any time.',
    },
    used: {
      title: 'Link already used',
      text: 'This subscription has already been confirmed with this link.',
    },
    expired: {
      title: 'Link expired',
      text: 'The link was valid for 48 hours. Please ask for a new confirmation e-mail in the newsletter settings.',
    },
    invalid: {
      title: 'Link not valid',
      text: 'This link is not (or no longer) valid, for example because a newer confirmation e-mail was sent or the newsletter has been unsubscribed since.',
    },
    unsubscribe: {
      title: 'Unsubscribe from the newsletter',
      text: 'Do you want to unsubscribe from the newsletter? You will receive no newsletter until you subscribe again in the Practice Portal.',
      button: 'Unsubscribe',
    },
    unsubscribed: {
      title: 'Unsubscribed',
      text: 'You will receive no more newsletters. Your consent is withdrawn.',
    },
    forged: {
      title: 'Link not valid',
      text: 'This unsubscribe link is not valid. You can unsubscribe in the newsletter settings of the Practice Portal.',
    },
    toPreferences: 'Go to the newsletter settings',
  },
};
