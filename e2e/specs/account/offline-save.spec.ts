import { expectAccessibleState } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { profileForm, SAVED } from '../../support/profile-page.ts';
import { signIn } from '../../support/sign-in.ts';
import { expectToast } from '../../support/toasts.ts';

// Issue 22, point 13: a save made offline spun for 30 s with no word. It now says at once that
// the connection is away and that nothing was saved; what was typed stays (decision 0054).

const OFFLINE = {
  de: 'Keine Verbindung zum Server: Ihre Änderungen wurden nicht gespeichert. Ihre Eingaben bleiben erhalten; bitte speichern Sie erneut, sobald die Verbindung wieder besteht.',
  en: 'No connection to the server: your changes have not been saved. What you entered is kept; please save again once the connection is back.',
} as const;

for (const language of ['de', 'en'] as const) {
  test(`a save without a connection says so at once, keeps the input and works once back online (${language})`, async ({
    page,
    context,
    portal,
    createUser,
  }) => {
    const user = await createUser();
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/info`);
    await signIn(page, user.email, user.password);
    const form = profileForm(page);
    await expect(form.form).toBeVisible();

    await context.setOffline(true);
    await form.lastName.fill('Offline');
    await form.lastName.press('Enter');
    await expectToast(page, OFFLINE[language], 'alert');
    await expect(form.save).toBeEnabled();
    await expect(form.lastName).toHaveValue('Offline');
    await expectAccessibleState(page);

    await context.setOffline(false);
    await form.save.focus();
    await page.keyboard.press('Enter');
    await expectToast(page, SAVED);
    await expect(form.lastName).toHaveValue('Offline');
  });
}
