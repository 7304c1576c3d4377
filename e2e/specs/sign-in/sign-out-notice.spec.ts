import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import {
  ANY_SIGNED_OUT_NOTICE,
  lastSignInRequest,
  recordSignInRequests,
  SIGNED_OUT_NOTICE,
} from '../../support/session-tabs.ts';
import { signIn, signInForm, signOut } from '../../support/sign-in.ts';
import { withIdleTimeout } from '../../support/idle-timeout.ts';

const ben = DEMO_USERS[1];

// After a sign-out the portal asks the provider for its sign-in page with `pp_notice`, and the
// provider's page says why the user is there (decision 0038). Only that one request carries it.

for (const language of ['de', 'en'] as const) {
  test(`signing out ends on the sign-in page that says so (${language})`, async ({
    page,
    portal,
  }) => {
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/dashboard`);
    await signIn(page, ben.email);
    const signIns = recordSignInRequests(page, portal.issuer);

    await signOut(page);

    await expect(signInForm(page).password).toBeVisible();
    const request = await lastSignInRequest(signIns);
    expect(request.searchParams.get('pp_notice')).toBe('signed-out');
    expect(request.searchParams.get('ui_locales')).toBe(language);
    await expect(page.getByText(SIGNED_OUT_NOTICE[language]['signed-out'])).toBeVisible();

    // A later visit is an ordinary sign-in, without the notice.
    signIns.length = 0;
    await page.goto(`${portal.url}/dashboard`);
    await expect(signInForm(page).password).toBeVisible();
    expect((await lastSignInRequest(signIns)).searchParams.has('pp_notice')).toBe(false);
    await expect(page.getByText(ANY_SIGNED_OUT_NOTICE)).toHaveCount(0);
  });

  test(`the idle sign-out ends on the sign-in page that names inactivity (${language})`, async ({
    page,
    portal,
  }) => {
    await usePortalLanguage(page, portal.url, language);
    await withIdleTimeout(page, 1);
    await page.clock.install();
    await page.goto(`${portal.url}/dashboard`);
    await signIn(page, ben.email);
    const signIns = recordSignInRequests(page, portal.issuer);

    await page.clock.fastForward('01:01');

    await expect(signInForm(page).password).toBeVisible();
    expect((await lastSignInRequest(signIns)).searchParams.get('pp_notice')).toBe('idle');
    await expect(page.getByText(SIGNED_OUT_NOTICE[language].idle)).toBeVisible();
  });
}
