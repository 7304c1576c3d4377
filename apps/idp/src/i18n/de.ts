import type { Messages } from './messages.ts';

const sekunden = (n: number) => (n === 1 ? '1 Sekunde' : `${n} Sekunden`);

export const de: Messages = {
  productName: 'Practice Portal',
  skipToContent: 'Zum Inhalt springen',
  imprint: 'Impressum',
  privacy: 'Datenschutz',
  backToPortal: 'Zurück zum Portal',
  signIn: {
    title: 'Anmelden',
    intro: 'Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    submit: 'Anmelden',
    cancel: 'Abbrechen',
    invalidCredentials:
      'Die E-Mail-Adresse oder das Passwort ist nicht richtig. Bitte prüfen Sie Ihre Eingaben.',
    missingFields: 'Bitte geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.',
    throttled: (n) =>
      `Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie ${sekunden(n)} und versuchen Sie es dann erneut.`,
    waitBeforeRetry: (n) => `Bitte warten Sie ${sekunden(n)}, bevor Sie es erneut versuchen.`,
  },
  signOut: {
    title: 'Abmelden',
    question: 'Möchten Sie sich vom Practice Portal abmelden?',
    inProgress: 'Sie werden abgemeldet …',
    confirm: 'Ja, abmelden',
    stay: 'Nein, angemeldet bleiben',
    doneTitle: 'Abgemeldet',
    done: 'Sie wurden erfolgreich abgemeldet.',
  },
  error: {
    title: 'Anmeldung nicht möglich',
    generic:
      'Die Anmeldung konnte nicht abgeschlossen werden. Bitte kehren Sie zum Portal zurück und versuchen Sie es erneut.',
    expired:
      'Ihre Anmeldesitzung ist abgelaufen oder ungültig. Bitte kehren Sie zum Portal zurück und melden Sie sich erneut an.',
    forbidden: 'Diese Anfrage wurde aus Sicherheitsgründen abgelehnt.',
    notFound: 'Diese Seite gibt es nicht.',
    code: 'Fehlercode',
    details: 'Technische Details',
  },
};
