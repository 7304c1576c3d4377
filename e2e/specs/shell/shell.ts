import { expect, type Page } from '@playwright/test';
import { customerDataLoaded } from '../../support/sign-in.ts';

// Helpers of the shell's specs: how the portal's frame looks to a user.

export const ROUTE_HEADINGS_DE = {
  '/info': 'Mein Profil',
  '/newsletter': 'Newsletter',
  '/unauthorized': 'Ihre Daten konnten nicht geladen werden',
  '/verify': 'E-Mail-Adresse bestätigen',
  '/my-practice': 'Meine Praxis',
  '/my-practice/new-practice': 'Neue Praxis',
  '/my-practice/new-practice/add': 'Praxis hinzufügen',
  '/my-practice/information-practice': 'Praxisdaten',
  '/my-practice/employees-overview': 'Mitarbeitende',
  '/my-practice/employees-overview/add': 'Mitarbeitende einladen',
  '/my-practice/employees-overview/information-employee': 'Angaben zur Person',
  '/my-practice/location-overview': 'Standorte',
  '/my-practice/location-overview/add': 'Standort hinzufügen',
  '/my-practice/location-overview/information-location': 'Standortdaten',
  '/my-practice/activity': 'Aktivitätsprotokoll',
} as const;

export const REFUSED_NOTICE_DE =
  'Sie haben keinen Zugriff auf diese Seite. Wir haben Sie zur Übersicht geleitet.';

export const GET_ERROR_DE =
  'Die Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.';

export function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** Opens a URL of the portal as if typed, and waits for the startup to load the customer. */
export async function open(page: Page, url: string) {
  const loaded = customerDataLoaded(page);
  await page.goto(url);
  await loaded;
}

/** Switches the active practice with the header's practice switcher. */
export async function switchPractice(page: Page, name: string) {
  await page.getByRole('button', { name: /^(Aktive Praxis|Active practice): / }).click();
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(
    page.getByRole('button', { name: /^(Aktive Praxis|Active practice): / }),
  ).toHaveAccessibleName(new RegExp(`${name}$`));
}
