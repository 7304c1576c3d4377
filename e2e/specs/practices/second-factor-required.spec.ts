import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations, LANGUAGES_AND_STARTING_SCHEMES } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { signIn } from '../../support/sign-in.ts';

// Decision 0069: the superadmin turns the requirement on; a member who signed in with a
// password only then meets a page that explains it and starts the provider's setup of an
// authenticator app (`pp_action=configure-totp`). Finishing that setup is the provider's TOTP
// pages (another part of issue 25) and not part of this spec.

const TEXTS = {
  de: {
    switch: 'Zweiten Faktor bei der Anmeldung verlangen',
    turnedOn: 'Die Praxis verlangt jetzt einen zweiten Faktor.',
    title: 'Zweiter Faktor erforderlich',
    text: (name: string) => `Die Praxis „${name}“ verlangt bei der Anmeldung einen zweiten Faktor.`,
    setUp: 'Zweiten Faktor einrichten',
    myPractices: 'Zu „Meine Praxis“',
  },
  en: {
    switch: 'Require a second factor at sign-in',
    turnedOn: 'The practice now requires a second factor.',
    title: 'Second factor required',
    text: (name: string) => `The practice “${name}” requires a second factor at sign-in.`,
    setUp: 'Set up a second factor',
    myPractices: 'Go to “My practice”',
  },
} as const;

/** Presses Tab until the element has the focus: it is reachable by keyboard, in order. */
async function tabTo(page: Page, name: string, role: 'button' | 'link' | 'switch') {
  const target = page.getByRole(role, { name });
  for (let presses = 0; presses < 40; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`a practice that requires a second factor stops a member without one (${language})`, async ({
    page,
    browser,
    portal,
    createUser,
  }) => {
    const t = TEXTS[language];
    const name = `Praxis Zweitfaktor ${randomUUID().slice(0, 6)}`;
    const owner = await createUser({ practices: [{ name }] });
    const member = await createUser({ practices: [{ companyId: owner.practiceIds[0]! }] });

    // The superadmin turns it on from the practice information, by keyboard.
    await usePortalLanguage(page, portal.url, language);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${portal.url}/my-practice/information-practice`);
    await signIn(page, owner.email, owner.password);
    const toggle = page.getByRole('switch', { name: t.switch });
    await expect(toggle).not.toBeChecked();
    await tabTo(page, t.switch, 'switch');
    await page.keyboard.press('Space');
    await expect(page.getByRole('status').filter({ hasText: t.turnedOn })).toBeVisible();
    await expect(toggle).toBeChecked();

    // The member, in a browser of their own, signed in with a password only.
    const context = await browser.newContext({ colorScheme: scheme });
    try {
      const other = await context.newPage();
      await usePortalLanguage(other, portal.url, language);
      await other.goto(`${portal.url}/my-practice/location-overview`);
      await signIn(other, member.email, member.password);
      await expect(other.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      await expect(other.getByText(t.text(name))).toBeVisible();
      await expect(other.getByRole('link', { name: t.myPractices })).toBeVisible();
      await expectNoAxeViolations(other);

      // The setup starts at the provider, asking for the action, from the keyboard.
      await tabTo(other, t.setUp, 'button');
      const authorize = other.waitForRequest(
        (request) =>
          new URL(request.url()).searchParams.get('pp_action') === 'configure-totp' &&
          request.url().startsWith(portal.issuer),
      );
      await other.keyboard.press('Enter');
      const request = await authorize;
      expect(new URL(request.url()).searchParams.get('pp_return')).toBe(
        '/my-practice/location-overview',
      );
    } finally {
      await context.close();
    }
  });
}
