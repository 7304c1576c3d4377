import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { isProfileSave, profileForm } from '../../support/profile-page.ts';
import { signIn } from '../../support/sign-in.ts';

// Issue 22, point 9: a date of birth in the future got the format's message ("im Format
// TT.MM.JJJJ") although its format was right.

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
