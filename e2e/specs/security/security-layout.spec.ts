import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { signIn } from '../../support/sign-in.ts';

// Issue 43, point 12: on /security the heading of the second factors sat flush under the
// password's text and was larger than the heading of its section ("Anmeldemethoden").

const TEXTS = {
  de: {
    section: 'Anmeldemethoden',
    factors: 'Zwei-Faktor-Anmeldung',
    hint: 'Sie melden sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.',
  },
  en: {
    section: 'Sign-in methods',
    factors: 'Two-factor sign-in',
    hint: 'You sign in with your e-mail address and your password.',
  },
} as const;

const fontSize = (element: Element) => parseFloat(getComputedStyle(element).fontSize);

for (const width of [1280, 360]) {
  for (const language of ['de', 'en'] as const) {
    test(`/security sets the second factors' heading apart, under its section's size (${width} px, ${language})`, async ({
      page,
      portal,
      createUser,
    }) => {
      const t = TEXTS[language];
      await page.setViewportSize({ width, height: 900 });
      const user = await createUser();
      await usePortalLanguage(page, portal.url, language);
      await page.goto(`${portal.url}/security`);
      await signIn(page, user.email, user.password);
      const section = page.getByRole('heading', { level: 2, name: t.section });
      const factors = page.getByRole('heading', { level: 3, name: t.factors });
      await expect(factors).toBeVisible();
      expect(await factors.evaluate(fontSize)).toBeLessThan(await section.evaluate(fontSize));
      const hint = (await page.getByText(t.hint).boundingBox())!;
      const heading = (await factors.boundingBox())!;
      // At least Mantine's `lg` spacing (20 px) between the password's text and the heading.
      expect(heading.y - (hint.y + hint.height)).toBeGreaterThanOrEqual(20);
    });
  }
}
