import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { DEMO_USERS } from '../../support/demo-users.ts';
import {
  confirmation,
  DISABLE_DIALOG,
  employeeList,
  inviteForm,
  TRANSFER_DIALOG,
} from '../../support/employee-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { profileForm } from '../../support/profile-page.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

// One wording per concept (docs/ui-terms.md), seen where the probe found two: Anna, the
// superadmin, only opens dialogs and cancels them and checks a form in the browser.
const anna = DEMO_USERS[0];

const TEXTS = {
  de: {
    handOver: 'Hauptadministration übergeben: Ben Krause',
    keeps: 'Ihre Administrationsrechte behalten Sie.',
    disable: 'Deaktivieren',
    alias: 'Bitte geben Sie die persönliche E-Mail-Adresse der Person ein',
    yourAlias: 'Ihre persönliche',
    none: 'Keine Auswahl',
  },
  en: {
    handOver: 'Hand over main administration: Ben Krause',
    keeps: 'You keep your administrator rights.',
    disable: 'Disable',
    alias: 'Please enter the person’s own e-mail address',
    yourAlias: 'your personal',
    none: 'No selection',
  },
} as const;

async function open(page: Page, url: string) {
  const loaded = customerDataLoaded(page);
  await page.goto(url);
  await loaded;
}

for (const language of ['de', 'en'] as const) {
  test(`roles, disabling, shared mailboxes and empty choices have one wording each (${language})`, async ({
    browser,
    portal,
  }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext();
    await recordToasts(context);
    const page = await context.newPage();
    const texts = TEXTS[language];
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/my-practice/employees-overview`);
    await signIn(page, anna.email);
    await employeeList(page).entry('Ben Krause').getByRole('link', { name: 'Ben Krause' }).click();

    // Frau Dr. Sommer is not told she stays "Administrator/-in".
    const person = page.getByRole('region', { name: 'Ben Krause' });
    await person.getByRole('button', { name: texts.handOver }).click();
    const handOver = confirmation(page, TRANSFER_DIALOG);
    await expect(handOver.dialog).toContainText(texts.keeps);
    await expect(handOver.dialog).not.toContainText('/-in');
    await handOver.cancel.click();
    await expect(handOver.dialog).toHaveCount(0);

    // "Zugang deaktivieren?" is confirmed with "Deaktivieren", not answered with another verb.
    await person.getByRole('button', { name: `${texts.disable}: Ben Krause` }).click();
    const disable = confirmation(page, DISABLE_DIALOG);
    await expect(disable.confirm).toHaveText(texts.disable);
    await expectNoAxeViolations(page);
    await disable.cancel.click();

    // The invitee's shared mailbox is refused in words about the invitee.
    await open(page, `${portal.url}/my-practice/employees-overview/add`);
    const form = inviteForm(page);
    await form.email.fill('praxis@zahnarzt-beispiel.de');
    await form.email.blur();
    await expect(form.form).toContainText(texts.alias);
    await expect(form.form).not.toContainText(texts.yourAlias);
    await expect(form.title.locator('option').first()).toHaveText(texts.none);
    await expectNoAxeViolations(page);

    // The profile's empty choice says the same.
    await open(page, `${portal.url}/info`);
    await expect(profileForm(page).title.locator('option').first()).toHaveText(texts.none);
    await context.close();
  });
}
