import type { Page } from '@playwright/test';

// How the portal's profile (/info) looks to a user, in German or English.

/** The profile form's fields and buttons, found by their labels. */
export function profileForm(page: Page) {
  const name = (de: string, en: string) => new RegExp(`^(${de}|${en})$`);
  const text = (de: string, en: string) => page.getByRole('textbox', { name: name(de, en) });
  const select = (de: string, en: string) => page.getByRole('combobox', { name: name(de, en) });
  return {
    form: page.getByRole('form', {
      name: /^(Persönliche Angaben bearbeiten|Edit personal details)$/,
    }),
    salutation: select('Anrede', 'Salutation'),
    title: select('Titel', 'Title'),
    firstName: text('Vorname', 'First name'),
    lastName: text('Nachname', 'Last name'),
    dateOfBirth: text('Geburtsdatum', 'Date of birth'),
    phone: text('Telefon', 'Phone'),
    position: select('Position in der Praxis', 'Position in the practice'),
    profession: select('Beruf', 'Profession'),
    otherIndustry: select('Andere Branche', 'Other industry'),
    preferredLanguage: select('Bevorzugte Sprache', 'Preferred language'),
    calendarButton: page.getByRole('button', { name: /^(Kalender öffnen|Open calendar)$/ }),
    save: page.getByRole('button', { name: /^(Speichern|Save)$/ }),
  };
}

/** The dialog that changes the e-mail address, and the button that opens it. */
export function emailChangeDialog(page: Page) {
  const dialog = page.getByRole('dialog', {
    name: /^(E-Mail-Adresse ändern|Change e-mail address)$/,
  });
  return {
    open: page.getByRole('button', { name: /^(E-Mail-Adresse ändern|Change e-mail address)$/ }),
    dialog,
    newEmail: dialog.getByRole('textbox', { name: /^(Neue E-Mail-Adresse|New e-mail address)$/ }),
    submit: dialog.getByRole('button', {
      name: /^(Bestätigungslink senden|Send confirmation link)$/,
    }),
  };
}

/** The success toast's text after a save, in German or English (checked with toasts.ts). */
export const SAVED = /^(Ihre Änderungen wurden gespeichert\.|Your changes have been saved\.)$/;

/** Whether a request is the profile's save. */
export const isProfileSave = (url: string, method: string) =>
  method === 'PATCH' && new URL(url).pathname === '/api/v1/Customer/UpdateCustomerData';

/**
 * The notice that a change met a change made at the same time in the CRM, whose value was kept
 * (issue 24), and its button that dismisses it.
 */
export function crmNotice(page: Page) {
  const notice = page.getByRole('status', {
    name: /^(Nicht alle Ihre Änderungen wurden übernommen|Not all of your changes were kept)$/,
  });
  return {
    notice,
    dismiss: notice.getByRole('button', { name: /^(Verstanden|Got it)$/ }),
  };
}
