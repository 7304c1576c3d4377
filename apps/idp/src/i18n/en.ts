import type { Messages } from './messages.ts';

const seconds = (n: number) => (n === 1 ? '1 second' : `${n} seconds`);

export const en: Messages = {
  productName: 'Practice Portal',
  skipToContent: 'Skip to content',
  imprint: 'Imprint',
  privacy: 'Privacy',
  backToPortal: 'Back to the portal',
  signIn: {
    title: 'Sign in',
    intro: 'Sign in with your e-mail address and password.',
    email: 'E-mail address',
    password: 'Password',
    submit: 'Sign in',
    cancel: 'Cancel',
    invalidCredentials:
      'The e-mail address or the password is not correct. Please check your input.',
    missingFields: 'Please enter your e-mail address and your password.',
    throttled: (n) =>
      `Too many failed sign-in attempts. Please wait ${seconds(n)} and then try again.`,
    waitBeforeRetry: (n) => `Please wait ${seconds(n)} before you try again.`,
  },
  signOut: {
    title: 'Sign out',
    question: 'Do you want to sign out of the Practice Portal?',
    inProgress: 'Signing you out …',
    confirm: 'Yes, sign out',
    stay: 'No, stay signed in',
    doneTitle: 'Signed out',
    done: 'You have been signed out.',
  },
  error: {
    title: 'Sign-in not possible',
    generic: 'The sign-in could not be completed. Please return to the portal and try again.',
    expired:
      'Your sign-in session has expired or is not valid. Please return to the portal and sign in again.',
    forbidden: 'This request was refused for security reasons.',
    notFound: 'This page does not exist.',
    code: 'Error code',
    details: 'Technical details',
  },
};
