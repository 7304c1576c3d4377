import type { Page } from '@playwright/test';

/** The provider's registration form, found by its labels in either language. */
export function registrationForm(page: Page) {
  return {
    email: page.getByLabel(/^(E-Mail-Adresse|E-mail address)$/),
    password: page.getByLabel(/^(Passwort|Password)$/),
    repeat: page.getByLabel(/^(Passwort wiederholen|Repeat password)$/),
    submit: page.getByRole('button', { name: /^(Registrieren|Register)$/ }),
  };
}

/** The page of the confirmation link: the password chosen at the registration confirms. */
export function confirmationForm(page: Page) {
  return {
    heading: page.getByRole('heading', {
      level: 1,
      name: /^(E-Mail-Adresse bestätigen|Confirm your e-mail address)$/,
    }),
    email: page.getByLabel(/^(E-Mail-Adresse|E-mail address)$/),
    password: page.getByLabel(/^(Passwort|Password)$/),
    submit: page.getByRole('button', { name: /^(Adresse bestätigen|Confirm address)$/ }),
  };
}

/** The form that sets a new password (the page of the reset link). */
export function newPasswordForm(page: Page) {
  return {
    password: page.getByLabel(/^(Neues Passwort|New password)$/),
    repeat: page.getByLabel(/^(Passwort wiederholen|Repeat password)$/),
    submit: page.getByRole('button', { name: /^(Passwort speichern|Save password)$/ }),
  };
}

/** The forgot-password form. */
export function forgotPasswordForm(page: Page) {
  return {
    email: page.getByLabel(/^(E-Mail-Adresse|E-mail address)$/),
    submit: page.getByRole('button', { name: /^(Link senden|Send link)$/ }),
  };
}
