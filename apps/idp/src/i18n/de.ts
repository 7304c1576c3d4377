import type { Messages } from './messages.ts';

const sekunden = (n: number) => (n === 1 ? '1 Sekunde' : `${n} Sekunden`);
const bitteWarten = (n: number) =>
  `Bitte warten Sie ${sekunden(n)} und versuchen Sie es dann erneut.`;

export const de: Messages = {
  languageName: 'Deutsch',
  language: 'Sprache',
  productName: 'Praxisportal',
  description: 'Konto, Praxen, Standorte und Mitarbeitende von Arzt- und Zahnarztpraxen',
  skipToContent: 'Zum Inhalt springen',
  imprint: 'Impressum',
  privacy: 'Datenschutz',
  accessibility: 'Barrierefreiheit',
  backToPortal: 'Zurück zum Portal',
  signIn: {
    signedOut: 'Sie wurden abgemeldet.',
    signedOutIdle: 'Sie wurden wegen Inaktivität abgemeldet.',
    accountDeleted:
      'Ihr Konto wurde gelöscht und Sie wurden überall abgemeldet. Eine Bestätigung haben wir an Ihre E-Mail-Adresse gesendet.',
    endedElsewhere: 'Sie wurden an einem anderen Gerät abgemeldet.',
    title: 'Anmelden',
    intro: 'Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    submit: 'Anmelden',
    cancel: 'Abbrechen',
    invalidCredentials:
      'Die E-Mail-Adresse oder das Passwort ist nicht richtig. Bitte prüfen Sie Ihre Eingaben.',
    missingFields: 'Bitte geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.',
    throttled: (n) => `Zu viele fehlgeschlagene Anmeldeversuche. ${bitteWarten(n)}`,
    waitBeforeRetry: (n) => `Bitte warten Sie ${sekunden(n)}, bevor Sie es erneut versuchen.`,
    forgotPassword: 'Passwort vergessen?',
    noAccount: 'Noch kein Konto?',
    register: 'Registrieren',
    unverified:
      'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. Folgen Sie dazu dem Link in der E-Mail, die wir Ihnen nach der Registrierung gesendet haben.',
    resendVerification: 'Neuen Bestätigungslink senden',
  },
  fields: {
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    newPassword: 'Neues Passwort',
    passwordRepeat: 'Passwort wiederholen',
    passwordHint: (min) =>
      `Mindestens ${min} Zeichen. Verwenden Sie nicht Ihre E-Mail-Adresse als Passwort.`,
    summary: 'Bitte korrigieren Sie die markierten Angaben.',
    missingEmail: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
    invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, zum Beispiel name@praxis.de.',
    prohibitedAlias:
      'Adressen gemeinsamer Postfächer wie info@ oder praxis@ sind nicht möglich. Bitte verwenden Sie Ihre persönliche E-Mail-Adresse.',
    tooShort: (min) => `Das Passwort muss mindestens ${min} Zeichen lang sein.`,
    tooLong: (max) => `Das Passwort darf höchstens ${max} Zeichen lang sein.`,
    sameAsEmail: 'Das Passwort darf nicht Ihre E-Mail-Adresse sein.',
    mismatch: 'Die beiden Passwörter stimmen nicht überein.',
    throttled: (n) => `Zu viele Anfragen aus Ihrem Netzwerk. ${bitteWarten(n)}`,
  },
  register: {
    title: 'Registrieren',
    intro:
      'Legen Sie Ihr Konto an. Wir senden Ihnen anschließend einen Link, mit dem Sie Ihre E-Mail-Adresse bestätigen.',
    submit: 'Registrieren',
    haveAccount: 'Sie haben bereits ein Konto?',
    signIn: 'Zur Anmeldung',
    sentTitle: 'Bitte prüfen Sie Ihr Postfach',
    sent: 'Wir haben eine E-Mail mit einem Link an die angegebene Adresse gesendet. Bitte öffnen Sie den Link, um fortzufahren.',
    notReceived:
      'Keine E-Mail erhalten? Bitte sehen Sie auch im Spam-Ordner nach, oder fordern Sie nach einigen Minuten einen neuen Link an.',
    verifiedTitle: 'E-Mail-Adresse bestätigt',
    verified: 'Vielen Dank, Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.',
    toPortal: 'Zum Portal',
    linkInvalidTitle: 'Link nicht mehr gültig',
    linkInvalid:
      'Dieser Bestätigungslink ist abgelaufen, wurde bereits verwendet oder ist unvollständig. Wenn Sie Ihre Adresse schon bestätigt haben, können Sie sich anmelden. Andernfalls fordern Sie bitte einen neuen Link an.',
    requestNewLink: 'Neuen Bestätigungslink anfordern',
  },
  confirm: {
    title: 'E-Mail-Adresse bestätigen',
    intro:
      'Mit dieser E-Mail-Adresse wurde ein Konto registriert. Bitte geben Sie das Passwort ein, das Sie bei der Registrierung gewählt haben. Erst dann ist das Konto bestätigt, und Sie können sich anmelden.',
    notYou:
      'Sie haben sich nicht selbst registriert? Dann schließen Sie diese Seite bitte. Ohne das Passwort wird nichts bestätigt, und niemand kann sich mit Ihrer Adresse anmelden.',
    submit: 'Adresse bestätigen',
    forgotPassword: 'Passwort vergessen?',
    missingPassword: 'Bitte geben Sie Ihr Passwort ein.',
    wrongPassword:
      'Das Passwort ist nicht richtig. Bitte geben Sie das Passwort ein, das Sie bei der Registrierung gewählt haben.',
    throttled: (n) => `Zu viele fehlgeschlagene Versuche. ${bitteWarten(n)}`,
  },
  resend: {
    title: 'Neuen Bestätigungslink anfordern',
    intro:
      'Geben Sie die E-Mail-Adresse ein, mit der Sie sich registriert haben. Wir senden Ihnen einen neuen Link, mit dem Sie die Adresse bestätigen.',
    submit: 'Link senden',
    sent: (hours) =>
      `Falls zu dieser Adresse ein noch nicht bestätigtes Konto besteht, haben wir Ihnen einen neuen Bestätigungslink gesendet. Er ist ${hours} Stunden gültig.`,
  },
  forgotPassword: {
    title: 'Passwort vergessen',
    intro:
      'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort vergeben.',
    submit: 'Link senden',
    backToSignIn: 'Zurück zur Anmeldung',
    sent: (minutes) =>
      `Falls zu dieser Adresse ein Konto besteht, haben wir Ihnen einen Link gesendet, mit dem Sie ein neues Passwort vergeben. Er ist ${minutes} Minuten gültig und kann einmal verwendet werden.`,
  },
  resetPassword: {
    title: 'Neues Passwort vergeben',
    intro:
      'Vergeben Sie ein neues Passwort für Ihr Konto. Danach werden Sie aus Sicherheitsgründen auf allen Geräten abgemeldet.',
    submit: 'Passwort speichern',
    doneTitle: 'Passwort geändert',
    done: 'Ihr neues Passwort ist gespeichert, und Sie wurden auf allen Geräten abgemeldet. Melden Sie sich bitte mit dem neuen Passwort an.',
    linkInvalid:
      'Dieser Link zum Zurücksetzen des Passworts ist abgelaufen, wurde bereits verwendet oder ist unvollständig. Bitte fordern Sie einen neuen Link an.',
    requestNewLink: 'Neuen Link anfordern',
  },
  signOut: {
    title: 'Abmelden',
    question: 'Möchten Sie sich abmelden?',
    inProgress: 'Sie werden abgemeldet …',
    confirm: 'Ja, abmelden',
    stay: 'Nein, angemeldet bleiben',
    doneTitle: 'Abgemeldet',
    done: 'Sie wurden erfolgreich abgemeldet.',
  },
  secondFactor: {
    codeTitle: 'Code eingeben',
    codeIntro:
      'Ihr Konto ist mit einer Authenticator-App geschützt. Öffnen Sie die App und geben Sie den sechsstelligen Code ein, den sie für das Praxisportal anzeigt.',
    codeLabel: 'Code aus der Authenticator-App',
    verify: 'Bestätigen',
    useRecoveryCode: 'Stattdessen einen Wiederherstellungscode verwenden',
    recoveryTitle: 'Wiederherstellungscode eingeben',
    recoveryIntro:
      'Geben Sie einen Ihrer Wiederherstellungscodes ein, zum Beispiel abcde-fghij. Jeder Code funktioniert nur einmal.',
    recoveryLabel: 'Wiederherstellungscode',
    recoveryLeft: (n) =>
      n === 1
        ? 'Sie haben noch 1 unbenutzten Wiederherstellungscode.'
        : `Sie haben noch ${n} unbenutzte Wiederherstellungscodes.`,
    useApp: 'Stattdessen den Code aus der App verwenden',
    wrongCode:
      'Der Code ist nicht richtig oder wurde bereits verwendet. Bitte geben Sie den aktuellen Code aus Ihrer App ein.',
    wrongRecoveryCode:
      'Der Wiederherstellungscode ist nicht richtig oder wurde bereits verwendet. Bitte prüfen Sie Ihre Eingabe.',
    missingCode: 'Bitte geben Sie den Code ein.',
    throttled: (n) => `Zu viele fehlgeschlagene Versuche. ${bitteWarten(n)}`,
    setupTitle: 'Authenticator-App einrichten',
    requiredBy: (practice) =>
      `Die Praxis „${practice}“ verlangt bei der Anmeldung einen zweiten Faktor. Richten Sie jetzt eine Authenticator-App ein, damit Sie weiter auf die Daten der Praxis zugreifen können.`,
    later: 'Später einrichten',
    setupIntro:
      'Scannen Sie den QR-Code mit einer Authenticator-App, zum Beispiel FreeOTP, Google Authenticator oder Microsoft Authenticator. Danach fragt die Anmeldung nach Ihrem Passwort auch nach einem Code aus der App.',
    qrLabel: 'QR-Code zum Einrichten der Authenticator-App',
    secretLabel: 'Oder geben Sie diesen Schlüssel in der App ein:',
    openInApp: 'In einer Authenticator-App auf diesem Gerät öffnen',
    confirmLabel: 'Code aus der App',
    confirmHint:
      'Geben Sie zur Bestätigung den sechsstelligen Code ein, den die App jetzt anzeigt.',
    confirmSubmit: 'Einrichtung abschließen',
    cancel: 'Abbrechen',
    alreadyTitle: 'Authenticator-App bereits eingerichtet',
    already:
      'Für Ihr Konto ist bereits eine Authenticator-App eingerichtet. Um eine andere App zu verwenden, entfernen Sie zuerst die bisherige.',
    notSetUpTitle: 'Keine Authenticator-App eingerichtet',
    notSetUp: 'Für Ihr Konto ist keine Authenticator-App eingerichtet.',
    continue: 'Weiter zum Portal',
    codesTitle: 'Ihre Wiederherstellungscodes',
    setupDone: 'Die Authenticator-App ist eingerichtet.',
    codesIntro:
      'Mit diesen Codes melden Sie sich an, wenn Sie keinen Zugriff auf Ihre Authenticator-App haben. Jeder Code funktioniert einmal. Bewahren Sie die Codes sicher auf: Sie werden nur jetzt angezeigt.',
    codesListLabel: 'Wiederherstellungscodes',
    copy: 'Codes kopieren',
    copied: 'Die Codes wurden in die Zwischenablage kopiert.',
    download: 'Als Textdatei herunterladen',
    fileTitle: (email) => `Wiederherstellungscodes des Praxisportals für ${email}`,
    removeTitle: 'Authenticator-App entfernen',
    removeIntro:
      'Bestätigen Sie mit einem Code aus Ihrer Authenticator-App oder mit Ihrem Passwort. Danach fragt die Anmeldung nur noch nach dem Passwort, und Ihre Wiederherstellungscodes werden ungültig.',
    removeSubmit: 'Authenticator-App entfernen',
    newCodesTitle: 'Neue Wiederherstellungscodes',
    newCodesIntro:
      'Bestätigen Sie mit einem Code aus Ihrer Authenticator-App oder mit Ihrem Passwort. Ihre bisherigen Wiederherstellungscodes werden danach ungültig.',
    newCodesSubmit: 'Neue Codes erstellen',
    withCode: 'Mit einem Code aus der App',
    withPassword: 'Oder mit Ihrem Passwort',
    password: 'Passwort',
    wrongPassword: 'Das Passwort ist nicht richtig.',
    missingPassword: 'Bitte geben Sie Ihr Passwort ein.',
    passkeyTitle: 'Mit Passkey bestätigen',
    passkeyIntro:
      'Ihr Konto ist mit einem Passkey geschützt. Bestätigen Sie die Anmeldung mit einem Passkey Ihres Kontos, etwa mit dem Fingerabdruck oder der PIN Ihres Geräts.',
    usePasskeyNow: 'Passkey verwenden',
    usePasskey: 'Stattdessen einen Passkey verwenden',
    passkeyRefused:
      'Dieser Passkey wurde nicht akzeptiert. Bitte versuchen Sie es erneut oder wählen Sie einen anderen Weg.',
    passkeyFailed:
      'Die Bestätigung mit dem Passkey wurde abgebrochen oder war nicht möglich. Sie können es erneut versuchen oder einen anderen Weg wählen.',
    passkeyNoScript: 'Für einen Passkey muss JavaScript aktiviert sein.',
    passkeyUnsupported: 'Dieser Browser unterstützt keine Passkeys.',
    stepUpLead:
      'Bestätigen Sie Ihre Anmeldung mit Ihrem zweiten Faktor, damit Sie auf die Daten der Praxis zugreifen können.',
    afterSetupLead:
      'Die App ist eingerichtet. Melden Sie sich jetzt mit ihr an: Geben Sie den nächsten Code ein, den die App anzeigt (spätestens nach 30 Sekunden).',
    continueToCode: 'Weiter zur Anmeldung mit der App',
    verifyTitle: 'Bestätigen Sie, dass Sie es sind',
    verifyIntro:
      'Bevor Sie einen zweiten Faktor hinzufügen, bestätigen Sie bitte mit einem Code aus Ihrer Authenticator-App oder mit Ihrem Passwort. Ihre letzte Anmeldung liegt mehr als fünf Minuten zurück.',
    verifyIntroPasswordOnly:
      'Bevor Sie einen zweiten Faktor hinzufügen, bestätigen Sie bitte mit Ihrem Passwort. Ihre letzte Anmeldung liegt mehr als fünf Minuten zurück.',
    verifySubmit: 'Bestätigen',
    verifiedIntro:
      'Sie haben sich gerade erst angemeldet; eine weitere Bestätigung ist nicht nötig.',
  },
  passkeys: {
    signIn: 'Mit Passkey anmelden',
    or: 'Oder ohne Passwort:',
    running: 'Bitte bestätigen Sie die Anmeldung in Ihrem Browser.',
    browserFailed:
      'Die Anmeldung mit einem Passkey wurde abgebrochen oder war nicht möglich. Sie können es erneut versuchen oder Ihr Passwort verwenden.',
    refused:
      'Dieser Passkey wurde nicht akzeptiert. Versuchen Sie es erneut oder melden Sie sich mit Ihrem Passwort an.',
    needsVerification:
      'Ihr Konto ist mit einem zweiten Faktor geschützt. Bitte verwenden Sie einen Passkey mit PIN oder Biometrie oder melden Sie sich mit Ihrem Passwort an.',
    addTitle: 'Passkey hinzufügen',
    addIntro:
      'Mit einem Passkey melden Sie sich ohne Passwort an – mit dem Fingerabdruck, der Gesichtserkennung oder der PIN Ihres Geräts. Ein Passkey gilt auch als zweiter Faktor.',
    nameLabel: 'Name des Passkeys',
    nameHint: 'Damit Sie ihn später wiedererkennen, z. B. „Laptop im Büro“.',
    missingName: 'Bitte geben Sie einen Namen für den Passkey ein.',
    add: 'Passkey erstellen',
    registrationFailed: 'Der Passkey konnte nicht erstellt werden. Bitte versuchen Sie es erneut.',
    unsupported: 'Dieser Browser unterstützt keine Passkeys.',
    noScript: 'Zum Erstellen eines Passkeys muss JavaScript aktiviert sein.',
    defaultName: (browser, system) => `${browser} unter ${system}`,
    fallbackName: 'Mein Passkey',
    removeTitle: 'Passkey entfernen',
    removeIntro: (name) =>
      `Der Passkey „${name}“ wird entfernt; danach können Sie sich mit ihm nicht mehr anmelden. Bestätigen Sie das zuerst.`,
    removeSubmit: 'Passkey entfernen',
    notFoundTitle: 'Passkey nicht gefunden',
    notFound: 'Diesen Passkey gibt es in Ihrem Konto nicht (mehr).',
    cancel: 'Abbrechen',
  },
  error: {
    title: 'Anmeldung nicht möglich',
    generic:
      'Die Anmeldung konnte nicht abgeschlossen werden. Bitte kehren Sie zum Portal zurück und versuchen Sie es erneut.',
    expired:
      'Ihre Anmeldesitzung ist abgelaufen oder ungültig. Bitte kehren Sie zum Portal zurück und melden Sie sich erneut an.',
    forbidden: 'Diese Anfrage wurde aus Sicherheitsgründen abgelehnt.',
    notFound: 'Diese Seite gibt es nicht.',
    invalidInput:
      'Ihre Eingabe enthält unzulässige Zeichen. Bitte gehen Sie zurück und prüfen Sie Ihre Eingaben.',
    code: 'Fehlercode',
    details: 'Technische Details',
  },
};
