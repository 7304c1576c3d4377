import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { isProfileSave, profileForm } from '../../support/profile-page.ts';
import { signIn } from '../../support/sign-in.ts';

// Issue 22, point 9: a date of birth in the future got the format's message ("im Format
// TT.MM.JJJJ") although its format was right; opening the calendar scrolled the "Persönliche
// Angaben" card inside itself by 190 px and hid the names until it closed.

const TEXTS = {
  de: {
    future: 'Dieses Datum liegt in der Zukunft. Bitte prüfen Sie das Geburtsdatum.',
    early: 'Dieses Datum liegt zu weit in der Vergangenheit. Bitte prüfen Sie das Geburtsdatum.',
    format: 'Bitte geben Sie ein mögliches Datum im Format TT.MM.JJJJ ein.',
  },
  en: {
    future: 'This date is in the future. Please check the date of birth.',
    early: 'This date is too far in the past. Please check the date of birth.',
    format: 'Please enter a possible date in the format DD.MM.YYYY.',
  },
} as const;

for (const language of ['de', 'en'] as const) {
  test(`a date of birth in the future or before 1900 says so, not that its format is wrong; nothing is saved (${language})`, async ({
    page,
    portal,
    createUser,
  }) => {
    const texts = TEXTS[language];
    const user = await createUser();
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/info`);
    await signIn(page, user.email, user.password);
    const form = profileForm(page);
    await expect(form.form).toBeVisible();
    const saves: string[] = [];
    page.on('request', (request) => {
      if (isProfileSave(request.url(), request.method())) saves.push(request.url());
    });

    const nextYear = new Date().getFullYear() + 1;
    await form.dateOfBirth.fill(`01.01.${nextYear}`);
    await form.save.click();
    await expect(page.getByText(texts.future)).toBeVisible();
    await expect(page.getByText(texts.format)).toBeHidden();
    await expect(form.dateOfBirth).toHaveAttribute('aria-invalid', 'true');

    await form.dateOfBirth.fill('31.12.1899');
    await form.save.click();
    await expect(page.getByText(texts.early)).toBeVisible();
    expect(saves).toEqual([]);
  });
}

for (const language of ['de', 'en'] as const) {
  test(`the open birth-date calendar leaves the personal details card unscrolled, names in sight (${language})`, async ({
    page,
    portal,
    createUser,
  }) => {
    const user = await createUser();
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/info`);
    await signIn(page, user.email, user.password);
    const form = profileForm(page);
    const card = page.getByRole('region', { name: /^(Persönliche Angaben|Personal details)$/ });
    await expect(form.form).toBeVisible();

    await form.calendarButton.focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog');
    await expect(calendar.getByRole('button').first()).toBeVisible();
    await expect(calendar.locator(':focus')).toHaveCount(1);
    expect(await card.evaluate((element) => element.scrollTop)).toBe(0);
    await expect(form.firstName).toBeInViewport();
    await expect(form.lastName).toBeInViewport();

    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(form.calendarButton).toBeFocused();
  });
}
