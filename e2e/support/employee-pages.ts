import type { Page } from '@playwright/test';

// How the employee screens (/my-practice/employees-overview and below) look, in German or English.

const exactly = (de: string, en: string) => new RegExp(`^(${de}|${en})$`);
/** A button of one person or practice: its text, then whom it is about ("Deaktivieren: Clara Wolf"). */
const named = (de: string, en: string, name: string, between = ': ') =>
  new RegExp(`^(${de}|${en})${between}${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * `/my-practice/employees-overview`: the list (a table, whose rows are compact blocks on a
 * phone), its search and filters, each person's row and their "Actions" menu.
 */
export function employeeList(page: Page) {
  const list = page.getByRole('table', { name: exactly('Mitarbeitende', 'Employees') });
  const actions = (name: string) =>
    list.getByRole('button', { name: named('Aktionen für', 'Actions for', name, ' ') });
  return {
    list,
    /** One person's row, by the name (or, for an unnamed invitee, the address) it shows. */
    entry: (name: string) =>
      list.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) }),
    search: page.getByRole('searchbox', { name: /^(Suche|Search)/ }),
    searchButton: page.getByRole('button', { name: exactly('Suchen', 'Search') }),
    status: page.getByRole('combobox', { name: 'Status' }),
    invite: page.getByRole('link', { name: exactly('Person einladen', 'Invite someone') }),
    /** The button of a person's "Actions" menu ("Aktionen für Clara Wolf"). */
    actions,
    /** The open menu's entry, by its text ("Deaktivieren"). */
    menuItem: (de: string, en: string) => page.getByRole('menuitem', { name: exactly(de, en) }),
    /** Opens a person's menu and picks an entry, as a pointer would. */
    async choose(name: string, de: string, en: string) {
      await actions(name).click();
      await page.getByRole('menuitem', { name: exactly(de, en) }).click();
    },
  };
}

/** Searches the list for a name or address (the search runs on the server). */
export async function searchEmployees(page: Page, text: string) {
  const list = employeeList(page);
  await list.search.fill(text);
  await list.searchButton.click();
}

/** The invitation form of `/my-practice/employees-overview/add`. */
export function inviteForm(page: Page) {
  const form = page.getByRole('form', { name: exactly('Person einladen', 'Invite someone') });
  return {
    form,
    email: form.getByRole('textbox', { name: /^(E-Mail-Adresse|E-mail address)/ }),
    salutation: form.getByRole('combobox', { name: exactly('Anrede', 'Salutation') }),
    title: form.getByRole('combobox', { name: exactly('Titel', 'Title') }),
    firstName: form.getByRole('textbox', { name: /^(Vorname|First name)/ }),
    lastName: form.getByRole('textbox', { name: /^(Nachname|Last name)/ }),
    role: form.getByRole('combobox', { name: /^(Rolle|Role)/ }),
    location: (name: string) => form.getByRole('checkbox', { name }),
    submit: form.getByRole('button', { name: exactly('Einladung senden', 'Send invitation') }),
  };
}

/** The confirmation dialog of disabling, revoking or handing over, by its title. */
export function confirmation(page: Page, title: RegExp) {
  const dialog = page.getByRole('dialog', { name: title });
  return {
    dialog,
    /** The dialog's button that says yes (not "Cancel"). */
    confirm: dialog
      .getByRole('button')
      .filter({ hasNotText: /^(Abbrechen|Cancel)$/ })
      .last(),
    cancel: dialog.getByRole('button', { name: exactly('Abbrechen', 'Cancel') }),
  };
}

export const DISABLE_DIALOG = /^(Zugang deaktivieren\?|Disable access\?)$/;
export const TRANSFER_DIALOG =
  /^(Hauptadministration übergeben\?|Hand over main administration\?)$/;

/** `/my-practice`: a practice's invitation buttons, by the practice's name. */
export function invitationButtons(page: Page, practice: string) {
  return {
    accept: page.getByRole('button', {
      name: named('Einladung annehmen', 'Accept invitation', practice),
    }),
    decline: page.getByRole('button', {
      name: named('Einladung ablehnen', 'Decline invitation', practice),
    }),
  };
}
