import type { Messages } from './messages.ts';

const seconds = (n: number) => (n === 1 ? '1 second' : `${n} seconds`);
const pleaseWait = (n: number) => `Please wait ${seconds(n)} and then try again.`;

export const en: Messages = {
  languageName: 'English',
  language: 'Language',
  productName: 'Practice Portal',
  description: 'Account, practices, locations and employees of medical and dental practices',
  skipToContent: 'Skip to content',
  imprint: 'Imprint',
  privacy: 'Privacy',
  accessibility: 'Accessibility',
  backToPortal: 'Back to the portal',
  signIn: {
    signedOut: 'You have been signed out.',
    signedOutIdle: 'You have been signed out due to inactivity.',
    accountDeleted:
      'Your account has been deleted and you have been signed out everywhere. We sent a confirmation to your e-mail address.',
    endedElsewhere: 'You were signed out on another device.',
    title: 'Sign in',
    intro: 'Sign in with your e-mail address and password.',
    email: 'E-mail address',
    password: 'Password',
    submit: 'Sign in',
    cancel: 'Cancel',
    invalidCredentials:
      'The e-mail address or the password is not correct. Please check your input.',
    missingFields: 'Please enter your e-mail address and your password.',
    throttled: (n) => `Too many failed sign-in attempts. ${pleaseWait(n)}`,
    waitBeforeRetry: (n) => `Please wait ${seconds(n)} before you try again.`,
    forgotPassword: 'Forgot password?',
    noAccount: 'No account yet?',
    register: 'Register',
    unverified:
      'Please confirm your e-mail address first. Follow the link in the e-mail we sent you after you registered.',
    resendVerification: 'Send a new confirmation link',
  },
  fields: {
    email: 'E-mail address',
    password: 'Password',
    newPassword: 'New password',
    passwordRepeat: 'Repeat password',
    passwordHint: (min) =>
      `At least ${min} characters. Do not use your e-mail address as the password.`,
    summary: 'Please correct the marked entries.',
    missingEmail: 'Please enter your e-mail address.',
    invalidEmail: 'Please enter a valid e-mail address, for example name@practice.com.',
    prohibitedAlias:
      'Addresses of shared mailboxes such as info@ or office@ cannot be used. Please use your personal e-mail address.',
    tooShort: (min) => `The password must be at least ${min} characters long.`,
    tooLong: (max) => `The password may be at most ${max} characters long.`,
    sameAsEmail: 'The password must not be your e-mail address.',
    mismatch: 'The two passwords do not match.',
    throttled: (n) => `Too many requests from your network. ${pleaseWait(n)}`,
  },
  register: {
    title: 'Register',
    intro: 'Create your account. We will then send you a link to confirm your e-mail address.',
    submit: 'Register',
    haveAccount: 'Already have an account?',
    signIn: 'Sign in',
    sentTitle: 'Please check your inbox',
    sent: 'We have sent an e-mail with a link to the address you entered. Please open the link to continue.',
    notReceived:
      'No e-mail? Please also look in your spam folder, or request a new link after a few minutes.',
    verifiedTitle: 'E-mail address confirmed',
    verified: 'Thank you, your e-mail address is confirmed. You can now sign in.',
    toPortal: 'Go to the portal',
    linkInvalidTitle: 'Link no longer valid',
    linkInvalid:
      'This confirmation link has expired, has already been used or is incomplete. If you have already confirmed your address, you can sign in. Otherwise please request a new link.',
    requestNewLink: 'Request a new confirmation link',
  },
  confirm: {
    title: 'Confirm your e-mail address',
    intro:
      'An account was registered with this e-mail address. Please enter the password you chose when you registered. Only then is the account confirmed, and you can sign in.',
    notYou:
      'You did not register yourself? Then please close this page. Without the password nothing is confirmed, and nobody can sign in with your address.',
    submit: 'Confirm address',
    forgotPassword: 'Forgot password?',
    missingPassword: 'Please enter your password.',
    wrongPassword:
      'The password is not correct. Please enter the password you chose when you registered.',
    throttled: (n) => `Too many failed attempts. ${pleaseWait(n)}`,
  },
  resend: {
    title: 'Request a new confirmation link',
    intro:
      'Enter the e-mail address you registered with. We will send you a new link to confirm the address.',
    submit: 'Send link',
    sent: (hours) =>
      `If an account that is not yet confirmed exists for this address, we have sent you a new confirmation link. It is valid for ${hours} hours.`,
  },
  forgotPassword: {
    title: 'Forgot password',
    intro:
      'Enter the e-mail address of your account. We will send you a link to choose a new password.',
    submit: 'Send link',
    backToSignIn: 'Back to sign-in',
    sent: (minutes) =>
      `If an account exists for this address, we have sent you a link to choose a new password. It is valid for ${minutes} minutes and can be used once.`,
  },
  resetPassword: {
    title: 'Choose a new password',
    intro:
      'Choose a new password for your account. For your security you will then be signed out on all devices.',
    submit: 'Save password',
    doneTitle: 'Password changed',
    done: 'Your new password is saved, and you have been signed out on all devices. Please sign in with your new password.',
    linkInvalid:
      'This link to reset your password has expired, has already been used or is incomplete. Please request a new link.',
    requestNewLink: 'Request a new link',
  },
  signOut: {
    title: 'Sign out',
    question: 'Do you want to sign out?',
    inProgress: 'Signing you out …',
    confirm: 'Yes, sign out',
    stay: 'No, stay signed in',
    doneTitle: 'Signed out',
    done: 'You have been signed out.',
  },
  secondFactor: {
    codeTitle: 'Enter your code',
    codeIntro:
      'Your account is protected with an authenticator app. Open the app and enter the six-digit code it shows for the portal.',
    codeLabel: 'Code from the authenticator app',
    verify: 'Verify',
    useRecoveryCode: 'Use a recovery code instead',
    recoveryTitle: 'Enter a recovery code',
    recoveryIntro:
      'Enter one of your recovery codes, for example abcde-fghij. Each code works only once.',
    recoveryLabel: 'Recovery code',
    recoveryLeft: (n) =>
      n === 1
        ? 'You have 1 unused recovery code left.'
        : `You have ${n} unused recovery codes left.`,
    useApp: 'Use the code from the app instead',
    wrongCode:
      'The code is not correct or has already been used. Please enter the current code from your app.',
    wrongRecoveryCode:
      'The recovery code is not correct or has already been used. Please check what you entered.',
    missingCode: 'Please enter the code.',
    throttled: (n) => `Too many failed attempts. ${pleaseWait(n)}`,
    setupTitle: 'Set up an authenticator app',
    requiredBy: (practice) =>
      `The practice “${practice}” requires a second factor at sign-in. Set up an authenticator app now to keep access to the practice's data.`,
    later: 'Set up later',
    setupIntro:
      'Scan the QR code with an authenticator app, for example FreeOTP, Google Authenticator or Microsoft Authenticator. From then on, signing in asks for a code from the app after your password.',
    qrLabel: 'QR code for setting up the authenticator app',
    secretLabel: 'Or enter this key in the app:',
    openInApp: 'Open in an authenticator app on this device',
    confirmLabel: 'Code from the app',
    confirmHint: 'To confirm, enter the six-digit code the app shows now.',
    confirmSubmit: 'Finish setup',
    cancel: 'Cancel',
    alreadyTitle: 'Authenticator app already set up',
    already:
      'An authenticator app is already set up for your account. To use another app, remove the current one first.',
    notSetUpTitle: 'No authenticator app set up',
    notSetUp: 'No authenticator app is set up for your account.',
    continue: 'Continue to the portal',
    codesTitle: 'Your recovery codes',
    setupDone: 'The authenticator app is set up.',
    codesIntro:
      'Use these codes to sign in when you cannot reach your authenticator app. Each code works once. Keep them somewhere safe: they are shown only now.',
    codesListLabel: 'Recovery codes',
    copy: 'Copy codes',
    copied: 'The codes were copied to the clipboard.',
    download: 'Download as a text file',
    fileTitle: (email) => `Practice Portal recovery codes for ${email}`,
    removeTitle: 'Remove the authenticator app',
    removeIntro:
      'Confirm with a code from your authenticator app or with your password. Afterwards, signing in asks only for your password, and your recovery codes no longer work.',
    removeSubmit: 'Remove the authenticator app',
    newCodesTitle: 'New recovery codes',
    newCodesIntro:
      'Confirm with a code from your authenticator app or with your password. Your previous recovery codes no longer work afterwards.',
    newCodesSubmit: 'Create new codes',
    withCode: 'With a code from the app',
    withPassword: 'Or with your password',
    password: 'Password',
    wrongPassword: 'The password is not correct.',
    missingPassword: 'Please enter your password.',
    passkeyTitle: 'Confirm with a passkey',
    passkeyIntro:
      'Your account is protected with a passkey. Confirm the sign-in with one of your account’s passkeys, for example with your device’s fingerprint or PIN.',
    usePasskeyNow: 'Use a passkey',
    usePasskey: 'Use a passkey instead',
    passkeyRefused: 'This passkey was not accepted. Please try again or choose another way.',
    passkeyFailed:
      'Confirming with the passkey was cancelled or not possible. You can try again or choose another way.',
    passkeyNoScript: 'A passkey needs JavaScript to be enabled.',
    passkeyUnsupported: 'This browser does not support passkeys.',
    stepUpLead: 'Confirm your sign-in with your second factor to access the practice’s data.',
    afterSetupLead:
      'The app is set up. Now sign in with it: enter the next code the app shows (within 30 seconds at most).',
    continueToCode: 'Continue to sign in with the app',
    verifyTitle: 'Confirm that it is you',
    verifyIntro:
      'Before you add a second factor, please confirm with a code from your authenticator app or with your password. Your last sign-in was more than five minutes ago.',
    verifyIntroPasswordOnly:
      'Before you add a second factor, please confirm with your password. Your last sign-in was more than five minutes ago.',
    verifySubmit: 'Confirm',
    verifiedIntro: 'You have just signed in; no further confirmation is needed.',
  },
  passkeys: {
    signIn: 'Sign in with a passkey',
    or: 'Or without a password:',
    running: 'Please confirm the sign-in in your browser.',
    browserFailed:
      'Signing in with a passkey was cancelled or was not possible. You can try again or use your password.',
    refused: 'This passkey was not accepted. Try again or sign in with your password.',
    needsVerification:
      'Your account is protected with a second factor. Please use a passkey with a PIN or biometrics, or sign in with your password.',
    addTitle: 'Add a passkey',
    addIntro:
      "With a passkey you sign in without a password – with your device's fingerprint, face recognition or PIN. A passkey also counts as a second factor.",
    nameLabel: 'Name of the passkey',
    nameHint: 'So that you recognise it later, e.g. "Office laptop".',
    missingName: 'Please enter a name for the passkey.',
    add: 'Create passkey',
    registrationFailed: 'The passkey could not be created. Please try again.',
    unsupported: 'This browser does not support passkeys.',
    noScript: 'JavaScript must be enabled to create a passkey.',
    defaultName: (browser, system) => `${browser} on ${system}`,
    fallbackName: 'My passkey',
    removeTitle: 'Remove passkey',
    removeIntro: (name) =>
      `The passkey "${name}" will be removed; you can no longer sign in with it. Please confirm this first.`,
    removeSubmit: 'Remove passkey',
    notFoundTitle: 'Passkey not found',
    notFound: 'Your account has no such passkey (any more).',
    cancel: 'Cancel',
  },
  error: {
    title: 'Sign-in not possible',
    generic: 'The sign-in could not be completed. Please return to the portal and try again.',
    expired:
      'Your sign-in session has expired or is not valid. Please return to the portal and sign in again.',
    forbidden: 'This request was refused for security reasons.',
    notFound: 'This page does not exist.',
    invalidInput:
      'Your input contains characters that are not allowed. Please go back and check your input.',
    code: 'Error code',
    details: 'Technical details',
  },
};
