import { LANGUAGES_AND_STARTING_SCHEMES, expectAccessibleState } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { openProviderSignIn } from '../../support/provider-look-pages.ts';
import { signIn } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

const TEXTS = {
  de: {
    title: 'Erklärung zur Barrierefreiheit',
    sections: [
      'Stand der Vereinbarkeit mit den Anforderungen',
      'Wie wir prüfen',
      'Bekannte Einschränkungen',
      'Erstellung dieser Erklärung',
      'Barrieren melden',
      'Durchsetzungsverfahren',
    ],
    link: 'Barrierefreiheit',
    other: 'English',
  },
  en: {
    title: 'Accessibility statement',
    sections: [
      'Compliance status',
      'How we check',
      'Known limitations',
      'Preparation of this statement',
      'Report a barrier',
      'Enforcement procedure',
    ],
    link: 'Accessibility',
    other: 'Deutsch',
  },
} as const;

// Decision 0080: the statement is public, in both languages and themes.
for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`the accessibility statement shows signed out, with its parts and the contact; axe finds nothing (${language}, ${scheme})`, async ({
    browser,
    portal,
  }) => {
    const context = await browser.newContext({ colorScheme: scheme });
    await recordToasts(context);
    const page = await context.newPage();
    const texts = TEXTS[language];
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/accessibility`);
    // No sign-in first: the page stays on the portal's origin.
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(new URL(portal.url).origin);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const section of texts.sections) {
      await expect(page.getByRole('region', { name: section })).toBeVisible();
    }
    // ACCESSIBILITY_CONTACT's default: barrierefreiheit@ at the portal's host.
    await expect(
      page.getByRole('link', { name: `barrierefreiheit@${new URL(portal.url).hostname}` }),
    ).toHaveAttribute('href', /^mailto:barrierefreiheit@/);
    await expect(page.getByRole('region', { name: texts.sections[5] })).toContainText('Magdeburg');
    await expectAccessibleState(page);
    await context.close();
  });
}

test('the statement switches its language, and is keyboard reachable from its skip link', async ({
  page,
  portal,
}) => {
  await page.goto(`${portal.url}/accessibility`);
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.de.title })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeFocused();
  await page.getByRole('button', { name: TEXTS.de.other }).click();
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.en.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the web footer links the statement, which also shows signed in', async ({
  page,
  portal,
  createUser,
}) => {
  const user = await createUser();
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, user.email, user.password);
  const link = page.getByRole('contentinfo').getByRole('link', { name: TEXTS.de.link });
  await expect(link).toHaveAttribute('href', '/accessibility');
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.de.title })).toBeVisible();
  await expect(page).toHaveURL(`${portal.url}/accessibility`);
  // Back to the portal, still signed in.
  await page.getByRole('link', { name: 'Zum Portal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Guten Tag/ })).toBeVisible();
});

for (const language of ['de', 'en'] as const) {
  test(`the provider's sign-in page links the statement (${language})`, async ({
    page,
    portal,
  }) => {
    await openProviderSignIn(page, portal, { ui_locales: language });
    const link = page.getByRole('contentinfo').getByRole('link', { name: TEXTS[language].link });
    await expect(link).toHaveAttribute('href', `${portal.url}/accessibility?lang=${language}`);
    await link.click();
    await expect(
      page.getByRole('heading', { level: 1, name: TEXTS[language].title }),
    ).toBeVisible();
  });
}
