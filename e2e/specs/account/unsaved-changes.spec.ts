import { randomUUID } from 'node:crypto';
import type { Dialog } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { leaveDialog, menuEntry } from '../../support/leave-dialog.ts';
import { practiceForm } from '../../support/practice-pages.ts';
import { profileForm, SAVED } from '../../support/profile-page.ts';
import { signIn } from '../../support/sign-in.ts';
import { expectToast } from '../../support/toasts.ts';

// Issue 22, point 2: a change on /info or the practice information was gone without a word
// after a click on another menu entry, Back or a reload. The question's accessibility, in both
// languages: profile-accessibility.spec.ts.

for (const language of ['de', 'en'] as const) {
  test(`leaving the profile with unsaved changes asks first, by keyboard too (${language})`, async ({
    page,
    portal,
    createUser,
  }) => {
    const user = await createUser();
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/dashboard`);
    await signIn(page, user.email, user.password);
    await menuEntry(page, 'Mein Profil', 'My profile').click();
    await expect(page).toHaveURL(/\/info$/);
    const form = profileForm(page);
    const { dialog, stay, discard } = leaveDialog(page);
    await form.lastName.click();
    await form.lastName.fill('Ungespeichert');

    // A menu entry: the question, focus on "Stay"; Escape stays with everything typed.
    await menuEntry(page, 'Übersicht', 'Dashboard').click();
    await expect(dialog).toBeVisible();
    await expect(stay).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/info$/);
    await expect(form.lastName).toHaveValue('Ungespeichert');

    // Back: the same question; "Stay" by Enter keeps the screen.
    await page.goBack();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/info$/);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/info$/);
    await expect(form.lastName).toHaveValue('Ungespeichert');

    // A reload: the browser's own question; dismissed, nothing is lost.
    const asked = new Promise<Dialog>((resolve) => page.once('dialog', resolve));
    const reloading = page.evaluate(() => window.location.reload());
    const question = await asked;
    expect(question.type()).toBe('beforeunload');
    await question.dismiss();
    await reloading;
    await expect(form.lastName).toHaveValue('Ungespeichert');

    // Back again, and "Discard" by Tab and Enter: the dashboard shows.
    await page.goBack();
    await expect(stay).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(discard).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(dialog).toBeHidden();
  });

  test(`practice information asks before its changes are left, not once they are saved (${language})`, async ({
    page,
    portal,
    createUser,
  }) => {
    const user = await createUser({ practices: [{ name: `Praxis ${randomUUID().slice(0, 6)}` }] });
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/my-practice/information-practice`);
    await signIn(page, user.email, user.password);
    const form = practiceForm(page);
    const { dialog, stay } = leaveDialog(page);
    await form.street.click();
    await form.street.fill('Hauptstraße 1');
    await form.postalCode.fill('10115');
    await form.city.fill('Berlin');

    await menuEntry(page, 'Mein Profil', 'My profile').click();
    await expect(dialog).toBeVisible();
    await stay.click();
    await expect(page).toHaveURL(/\/my-practice\/information-practice$/);

    await form.save.click();
    await expectToast(page, SAVED);
    await menuEntry(page, 'Mein Profil', 'My profile').click();
    await expect(page).toHaveURL(/\/info$/);
    await expect(dialog).toBeHidden();
  });
}

test('nothing changed, nothing asked: menu entries, Back and reload go at once', async ({
  page,
  portal,
  createUser,
}) => {
  const user = await createUser();
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, user.email, user.password);
  await menuEntry(page, 'Mein Profil', 'My profile').click();
  const form = profileForm(page);
  await form.lastName.click();
  await form.lastName.fill('Vorübergehend');
  // Typed back to what was stored: no unsaved change is left.
  await form.lastName.fill(user.name.split(' ')[1] ?? '');
  await menuEntry(page, 'Übersicht', 'Dashboard').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/info$/);
  await expect(form.form).toBeVisible();
  await page.reload();
  await expect(form.form).toBeVisible();
  expect(asked).toEqual([]);
  await expect(leaveDialog(page).dialog).toHaveCount(0);
});
