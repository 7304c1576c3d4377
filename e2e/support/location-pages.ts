import type { Page } from '@playwright/test';

// How the location screens (/my-practice/location-overview and below) look to a user.

const exactly = (de: string, en: string) => new RegExp(`^(${de}|${en})$`);

/** The list of `/my-practice/location-overview`, its search and its entries. */
export function locationList(page: Page) {
  const list = page.getByRole('list', { name: exactly('Standorte', 'Locations') });
  return {
    list,
    /** One location of the list, by its name. */
    entry: (name: string) =>
      list.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) }),
    search: page.getByRole('searchbox', { name: /^(Suche|Search)/ }),
    searchButton: page.getByRole('button', { name: exactly('Suchen', 'Search') }),
    add: page.getByRole('link', { name: exactly('Standort hinzufügen', 'Add location') }),
  };
}

/** The location form of `…/add` and `…/information-location`. */
export function locationForm(page: Page) {
  const text = (de: string, en: string) =>
    page.getByRole('textbox', { name: new RegExp(`^(${de}|${en})`) });
  return {
    name: text('Name des Standorts', 'Location name'),
    street: text('Straße und Hausnummer', 'Street and number'),
    postalCode: text('Postleitzahl', 'Postcode'),
    city: text('Ort', 'Town or city'),
    phone: text('Telefon', 'Phone'),
    invoiceMail: text('E-Mail-Adresse für Rechnungen', 'E-mail address for invoices'),
    create: page.getByRole('button', { name: exactly('Standort anlegen', 'Add location') }),
    save: page.getByRole('button', { name: exactly('Speichern', 'Save') }),
  };
}

/** Whether a request is one of the location calls that save. */
export const isLocationSave = (url: string, method: string) =>
  ['POST', 'PATCH'].includes(method) &&
  /\/api\/v1\/Location\/(CreateLocation|UpdateLocation)$/.test(new URL(url).pathname);
