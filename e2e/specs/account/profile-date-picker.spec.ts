import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { profileForm } from '../../support/profile-page.ts';
import { signIn } from '../../support/sign-in.ts';

const WEEKDAYS = {
  de: ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'],
  en: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'],
} as const;

for (const language of ['de', 'en'] as const) {
  test(`the date of birth calendar starts its weeks on Monday and works by keyboard (${language})`, async ({
    page,
    portal,
    createUser,
  }) => {
    const user = await createUser();
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/info`);
    await signIn(page, user.email, user.password);
    const form = profileForm(page);
    await form.dateOfBirth.fill('07.03.1990');

    await form.calendarButton.click();
    const calendar = page.getByRole('dialog');
    await expect(calendar.getByRole('columnheader')).toHaveText([...WEEKDAYS[language]]);
    // The chosen day has the focus; the arrow keys move through the month.
    await expect(calendar.locator('button:focus')).toHaveAttribute('aria-label', /^7 /);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');

    await expect(calendar).toBeHidden();
    await expect(form.dateOfBirth).toHaveValue('08.03.1990');
    await expect(form.calendarButton).toBeFocused();

    await form.calendarButton.press('Enter');
    await expect(calendar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(form.calendarButton).toBeFocused();
  });
}
