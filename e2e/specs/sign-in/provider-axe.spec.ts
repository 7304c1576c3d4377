import { expectAccessibleState } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { openProviderSignIn } from '../../support/provider-look-pages.ts';

// The provider's pages in both languages, each the one place their accessibility is checked
// (issue 42, point 6). Without the portal's `pp_theme` the pages follow the system's scheme, whose
// tokens are the portal's dark choice's (styles.css), so each check's light and dark run sees
// both themes; that the portal's choice is taken and kept is provider-theme.spec.ts's.
for (const language of ['de', 'en'] as const) {
  test(`sign-in, registration and forgotten password pass axe (${language})`, async ({
    page,
    portal,
  }) => {
    await openProviderSignIn(page, portal, { pp_notice: 'signed-out', ui_locales: language });
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    // The notice (here "signed out"; "ended elsewhere", "idle" and "account deleted" are the same
    // element with other words) and the passkey button a browser with WebAuthn is offered.
    await expect(page.getByRole('status')).toBeVisible();
    await expect(
      page.getByRole('button', { name: /^(Mit Passkey anmelden|Sign in with a passkey)$/ }),
    ).toBeVisible();
    await expectAccessibleState(page);

    for (const path of ['/register', '/forgot-password']) {
      await page.goto(`${portal.issuer}${path}?lang=${language}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
      await expectAccessibleState(page);
    }
  });
}
