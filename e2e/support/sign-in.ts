import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users.ts';
import { sharedPortal } from './portal.ts';

const CUSTOMER_DATA = '/api/v1/Customer/GetCustomerData';

/** The provider's sign-in form, found by its standard `autocomplete` attributes. */
export function signInForm(page: Page) {
  return {
    email: page.locator('input[autocomplete="username"]'),
    password: page.locator('input[autocomplete="current-password"]'),
    submit: page.getByRole('button', { name: /^(Anmelden|Sign in)$/ }),
    alert: page.getByRole('alert'),
  };
}

/** Types the credentials into the provider's form (which must be showing) and submits it. */
export async function submitCredentials(page: Page, email: string, password: string) {
  const form = signInForm(page);
  await expect(form.password).toBeVisible();
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/** Whether the customer data answered 200: the portal has a session the api accepts. */
/** The next 200 for the customer's data; with `counts`, only one answered while it holds. */
export function customerDataLoaded(page: Page, counts: () => boolean = () => true) {
  return page.waitForResponse(
    (response) =>
      counts() && new URL(response.url()).pathname === CUSTOMER_DATA && response.status() === 200,
  );
}

/**
 * Signs in through the real provider page. A page that shows nothing yet opens the shared
 * portal first; otherwise the page is on its way to (or on) the provider's form. Resolves
 * once the portal has loaded the customer's data with the new session and shows its frame:
 * the data is asked for while the app starts (decision 0091), so its answer alone does not
 * mean the app runs (its idle timer, for one).
 */
export async function signIn(page: Page, email: string, password: string = DEMO_PASSWORD) {
  if (page.url() === 'about:blank') await page.goto(sharedPortal().url);
  const loaded = customerDataLoaded(page);
  await submitCredentials(page, email, password);
  await loaded;
  await expect(userMenuButton(page)).toBeVisible();
}

function userMenuButton(page: Page): Locator {
  return page.getByRole('button', { name: /^(Benutzermenü|User menu)$/ });
}

/** The portal shows this customer's name (in the user menu). */
export async function expectSignedInAs(page: Page, name: string) {
  const menu = userMenuButton(page);
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
}

/** Signs out through the user menu; the provider confirms the portal's own sign-out by itself. */
export async function signOut(page: Page) {
  const menu = userMenuButton(page);
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  const name = /^(Abmelden|Sign out)$/;
  await page.getByRole('button', { name }).or(page.getByRole('menuitem', { name })).click();
}
