import { LANGUAGES_AND_STARTING_SCHEMES, expectAccessibleState } from '../../support/axe.ts';
import { confirmation, employeeList, TRANSFER_DIALOG } from '../../support/employee-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { newBrowserPage } from '../../support/language.ts';
import { signIn, signInForm, submitCredentials } from '../../support/sign-in.ts';
import { expectToast } from '../../support/toasts.ts';

const TEXTS = {
  de: {
    section: 'Konto löschen',
    open: 'Konto löschen …',
    password: 'Ihr Passwort',
    confirm: 'Konto endgültig löschen',
    cancel: 'Abbrechen',
    handOverFirst: (practice: string) =>
      `Ihr Konto kann noch nicht gelöscht werden: „${practice}“ hat weitere Mitglieder.`,
    handOver: (practice: string) => `Hauptadministration von „${practice}“ übergeben`,
    transfer: (name: string) => `Hauptadministration übergeben: ${name}`,
    transferred: 'Die Hauptadministration wurde übergeben.',
    deleted: 'Ihr Konto wurde gelöscht und Sie wurden überall abgemeldet.',
  },
  en: {
    section: 'Delete account',
    open: 'Delete account …',
    password: 'Your password',
    confirm: 'Delete account for good',
    cancel: 'Cancel',
    handOverFirst: (practice: string) =>
      `Your account cannot be deleted yet: “${practice}” has other members.`,
    handOver: (practice: string) => `Hand over the main administration of “${practice}”`,
    transfer: (name: string) => `Hand over main administration: ${name}`,
    transferred: 'Main administration has been handed over.',
    deleted: 'Your account has been deleted and you have been signed out everywhere.',
  },
} as const;

for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`deleting one's account is refused until the hand-over, then signs out everywhere (${language}, ${scheme})`, async ({
    browser,
    portal,
    createUser,
  }) => {
    test.setTimeout(150_000);
    const texts = TEXTS[language];
    const practice = `Praxis Löschtest ${language}`;
    const me = await createUser({ practices: [{ name: practice }] });
    const colleague = await createUser({
      practices: [{ companyId: me.practiceIds[0]!, role: 'admin' }],
    });

    // Another browser, signed in too: it must end with the account.
    const other = await newBrowserPage(browser, portal.url, language, scheme);
    await other.goto(`${portal.url}/dashboard`);
    await signIn(other, me.email, me.password);

    const page = await newBrowserPage(browser, portal.url, language, scheme);
    await page.goto(`${portal.url}/security`);
    await signIn(page, me.email, me.password);
    const section = page.getByRole('region', { name: texts.section });
    await expect(section).toBeVisible();

    // Keyboard only: the button, Enter. The only main administrator of a practice with a
    // colleague is told so, with the practice's name, and offered nothing that cannot work:
    // no password, no code, no confirm button.
    await section.getByRole('button', { name: texts.open }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: texts.section });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(texts.handOverFirst(practice));
    await expect(dialog.getByLabel(texts.password, { exact: false })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: texts.confirm })).toHaveCount(0);
    await expectAccessibleState(page);

    // The dialog offers the hand-over: the practice's employees, the colleague, the role.
    await dialog.getByRole('link', { name: texts.handOver(practice) }).click();
    await employeeList(page)
      .entry(colleague.name)
      .getByRole('link', { name: colleague.name })
      .click();
    await page.getByRole('button', { name: texts.transfer(colleague.name) }).click();
    await confirmation(page, TRANSFER_DIALOG).confirm.click();
    await expectToast(page, texts.transferred);

    // Now the account goes: this browser lands on the sign-in page that says so.
    await page.goto(`${portal.url}/security`);
    await page.getByRole('region', { name: texts.section }).getByRole('button').click();
    const again = page.getByRole('dialog', { name: texts.section });
    await again.getByLabel(texts.password, { exact: false }).first().fill(me.password);
    await again.getByRole('button', { name: texts.confirm }).click();
    await expect(page.getByText(texts.deleted)).toBeVisible();
    await expect(signInForm(page).password).toBeVisible();

    // The other browser is signed out at its next token renewal …
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
    await other.context().clock.fastForward('09:05');
    await expect(signInForm(other).password).toBeVisible();

    // … and the address signs in no more.
    await submitCredentials(page, me.email, me.password);
    await expect(signInForm(page).alert).toBeVisible();
    await expect(signInForm(page).password).toBeVisible();

    // The colleague, main administrator now, sees the membership ended.
    const admin = await newBrowserPage(browser, portal.url, language, scheme);
    await admin.goto(`${portal.url}/my-practice/employees-overview`);
    await signIn(admin, colleague.email, colleague.password);
    await expect(employeeList(admin).entry(colleague.name)).toBeVisible();
    await expect(employeeList(admin).entry(me.name)).toHaveCount(0);

    for (const each of [page, other, admin]) await each.context().close();
  });
}
