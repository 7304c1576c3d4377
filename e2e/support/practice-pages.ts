import type { Page } from '@playwright/test';

// How the practice screens (/my-practice and below) look to a user, in German or English.

const exactly = (de: string, en: string) => new RegExp(`^(${de}|${en})$`);

/** The practice form of `/my-practice/new-practice/add` and `/my-practice/information-practice`. */
export function practiceForm(page: Page) {
  const text = (de: string, en: string) => page.getByRole('textbox', { name: exactly(de, en) });
  return {
    name: text('Name der Praxis', 'Practice name'),
    street: text('Straße und Hausnummer', 'Street and number'),
    postalCode: text('Postleitzahl', 'Postcode'),
    city: text('Ort', 'Town or city'),
    country: page.getByRole('combobox', { name: exactly('Land', 'Country') }),
    phone: text('Telefon', 'Phone'),
    email: text('E-Mail-Adresse der Praxis', 'Practice e-mail address'),
    website: text('Website', 'Website'),
    create: page.getByRole('button', { name: exactly('Praxis anlegen', 'Add practice') }),
    save: page.getByRole('button', { name: exactly('Speichern', 'Save') }),
  };
}

/** The connect form of `/my-practice/new-practice`. */
export function connectForm(page: Page) {
  const form = page.getByRole('form', {
    name: exactly('Verbindung mit einer Praxis anfragen', 'Ask to connect to a practice'),
  });
  return {
    form,
    customerNumber: form.getByRole('textbox', {
      name: exactly('Kundennummer der Praxis', 'Practice’s customer number'),
    }),
    postalCode: form.getByRole('textbox', {
      name: exactly('Postleitzahl der Praxis', 'Practice’s postcode'),
    }),
    submit: form.getByRole('button', { name: exactly('Verbindung anfragen', 'Ask to connect') }),
    sent: page.getByRole('status', {
      name: exactly('Ihre Anfrage ist eingegangen', 'We have received your request'),
    }),
  };
}

/**
 * `/my-practice`: the invitations waiting for an answer, the active practice and the list of the
 * user's other practices.
 */
export function myPracticePage(page: Page) {
  const practices = page.getByRole('region', { name: exactly('Ihre Praxen', 'Your practices') });
  const invitations = page.getByRole('region', {
    name: exactly('Sie wurden eingeladen', 'You have been invited'),
  });
  return {
    invitations,
    active: page.getByRole('region', { name: exactly('Aktive Praxis', 'Active practice') }),
    contracts: page.getByRole('region', { name: exactly('Verträge', 'Contracts') }),
    practices,
    /** One practice of either list, by its name. */
    practice: (name: string) =>
      page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name }) }),
    switchTo: (name: string) =>
      practices.getByRole('button', {
        name: new RegExp(`^(Zu dieser Praxis wechseln|Switch to this practice): ${name}$`),
      }),
    enable: (name: string) =>
      practices.getByRole('button', {
        name: new RegExp(`^(Praxis wieder aktivieren|Enable practice again): ${name}$`),
      }),
  };
}

/** `/my-practice`: the requests to join the user sent, shown only as they were typed. */
export function sentRequests(page: Page) {
  const region = page.getByRole('region', {
    name: exactly('Gesendete Anfragen', 'Sent requests'),
  });
  return {
    region,
    /** One request, by the customer number typed. */
    request: (customerNumber: string) =>
      region.getByRole('listitem').filter({ hasText: customerNumber }),
    withdraw: (customerNumber: string) =>
      region.getByRole('button', {
        name: new RegExp(`^(Anfrage zurückziehen|Withdraw request): .*${customerNumber}`),
      }),
  };
}

/** The superadmin's disabling of the practice, and its confirmation dialog. */
export function disablePractice(page: Page) {
  const dialog = page.getByRole('dialog', {
    name: exactly('Praxis deaktivieren\\?', 'Disable practice\\?'),
  });
  return {
    open: page.getByRole('button', {
      name: exactly('Praxis deaktivieren …', 'Disable practice …'),
    }),
    dialog,
    confirm: dialog.getByRole('button', { name: exactly('Deaktivieren', 'Disable') }),
    cancel: dialog.getByRole('button', { name: exactly('Abbrechen', 'Cancel') }),
  };
}

/** The main navigation's links, for what the role may open. */
export function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: exactly('Hauptnavigation', 'Main navigation') });
}
