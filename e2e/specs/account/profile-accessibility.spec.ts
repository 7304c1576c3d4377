import type { Page } from '@playwright/test';
import { LANGUAGES_AND_STARTING_SCHEMES, expectAccessibleState } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { leaveDialog, menuEntry } from '../../support/leave-dialog.ts';
import { emailChangeDialog, profileForm } from '../../support/profile-page.ts';
import { signIn } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

const TEXTS = {
  de: {
    required: 'Bitte füllen Sie dieses Feld aus.',
    date: 'Bitte geben Sie ein mögliches Datum im Format TT.MM.JJJJ ein.',
    alias: 'kein gemeinsames Postfach wie info@ oder praxis@',
    changePassword: 'Passwort ändern',
  },
  en: {
    required: 'Please fill in this field.',
    date: 'Please enter a possible date in the format DD.MM.YYYY.',
    alias: 'not a shared mailbox such as info@ or praxis@',
    changePassword: 'Change password',
  },
} as const;

const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`axe finds nothing on /info: loaded, filled, leaving it, with errors, the calendar, the e-mail dialog and a notice (${language}, ${scheme})`, async ({
    browser,
    portal,
    createUser,
  }) => {
    test.setTimeout(60_000);
    // A context of its own, to start the page in this scheme.
    const context = await browser.newContext({ colorScheme: scheme });
    await recordToasts(context);
    const page = await context.newPage();
    const texts = TEXTS[language];
    const user = await createUser();
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/info`);
    await signIn(page, user.email, user.password);
    const form = profileForm(page);
    await expect(form.form).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expectAccessibleState(page);

    await form.salutation.selectOption('FRAU');
    await form.title.selectOption('DR');
    await form.phone.fill('+49 40 555 0101');
    await form.dateOfBirth.fill('24.12.1985');
    await form.position.selectOption('PRACTICE_MANAGER');
    await form.profession.selectOption('DENTIST');
    await form.otherIndustry.selectOption('DENTAL_LAB');
    await expectAccessibleState(page);

    // Leaving with these changes unsaved asks first (unsaved-changes.spec.ts); Escape stays.
    const leave = leaveDialog(page);
    await menuEntry(page, 'Übersicht', 'Dashboard').click();
    await expect(leave.dialog).toBeVisible();
    await expect(leave.stay).toBeFocused();
    await expectAccessibleState(page);
    await page.keyboard.press('Escape');
    await expect(leave.dialog).toBeHidden();

    await form.firstName.fill('');
    await form.dateOfBirth.fill('31.02.1985');
    await form.save.click();
    await expect(page.getByText(texts.required)).toBeVisible();
    await expect(page.getByText(texts.date)).toBeVisible();
    await expect(form.firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(form.firstName).toBeFocused();
    await expectAccessibleState(page);

    await form.calendarButton.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessibleState(page);
    await page.keyboard.press('Escape');

    const email = emailChangeDialog(page);
    await email.open.click();
    await expect(email.dialog).toBeVisible();
    await expect(email.newEmail).toBeFocused();
    await expectAccessibleState(page);
    await email.newEmail.fill('praxis@praxis-beispiel.de');
    await email.submit.click();
    await expect(email.dialog.getByText(texts.alias, { exact: false }).last()).toBeVisible();
    await expect(email.newEmail).toHaveAttribute('aria-invalid', 'true');
    await expectAccessibleState(page);
    await page.keyboard.press('Escape');
    await expect(email.dialog).toBeHidden();

    await page.getByRole('button', { name: texts.changePassword }).click();
    await expect(page.getByRole('status').filter({ hasText: user.email })).toBeVisible();
    await expectAccessibleState(page);
    await context.close();
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 720 } });

  test('/info fits, also with the calendar and the e-mail dialog open', async ({
    page,
    portal,
    createUser,
  }) => {
    const user = await createUser();
    await page.goto(`${portal.url}/info`);
    await signIn(page, user.email, user.password);
    const form = profileForm(page);
    await expect(form.form).toBeVisible();
    expect(await overflows(page)).toBe(false);

    await form.calendarButton.click();
    await expect(page.getByRole('dialog')).toBeInViewport({ ratio: 0.95 });
    expect(await overflows(page)).toBe(false);
    await page.keyboard.press('Escape');

    const email = emailChangeDialog(page);
    await email.open.click();
    await expect(email.submit).toBeInViewport();
    expect(await overflows(page)).toBe(false);
  });
});
