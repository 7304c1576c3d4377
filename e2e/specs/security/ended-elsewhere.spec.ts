import { LANGUAGES_AND_STARTING_SCHEMES } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { newBrowserPage } from '../../support/language.ts';
import { isProfileSave, profileForm } from '../../support/profile-page.ts';
import { lastSignInRequest, recordSignInRequests } from '../../support/session-tabs.ts';
import { signIn, signInForm } from '../../support/sign-in.ts';

const TEXTS = {
  de: {
    endAll: 'Überall abmelden',
    consequences:
      'Alle Sitzungen enden. Andere Browser werden innerhalb weniger Sekunden abgemeldet, dieser Browser sofort.',
    notice: 'Sie wurden an einem anderen Gerät abgemeldet.',
  },
  en: {
    endAll: 'Sign out everywhere',
    consequences:
      'Every session ends. Other browsers are signed out within seconds, this browser at once.',
    notice: 'You were signed out on another device.',
  },
} as const;

// Issue 41, finding 4: a browser signed out from another one went on reading and writing with
// its access token for up to 10 minutes.
for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`a browser signed out everywhere from another one is sent to the sign-in page, which says why (${language}, ${scheme})`, async ({
    browser,
    portal,
    createUser,
  }) => {
    const texts = TEXTS[language];
    const user = await createUser();

    // The reception computer, left signed in on the profile.
    const reception = await newBrowserPage(browser, portal.url, language, scheme);
    await reception.goto(`${portal.url}/info`);
    await signIn(reception, user.email, user.password);
    const form = profileForm(reception);
    await expect(form.phone).toBeEditable();

    // The person, on another device, signs out everywhere.
    const page = await newBrowserPage(browser, portal.url, language, scheme);
    await page.goto(`${portal.url}/security`);
    await signIn(page, user.email, user.password);
    await page.getByRole('button', { name: texts.endAll }).click();
    const dialog = page.getByRole('dialog', { name: texts.endAll });
    await expect(dialog).toContainText(texts.consequences);
    await dialog.getByRole('button', { name: texts.endAll }).click();
    await expect(signInForm(page).password).toBeVisible();

    // The reception computer's next save is refused, and it goes to the sign-in page.
    const signIns = recordSignInRequests(reception, portal.issuer);
    const save = reception.waitForResponse((response) =>
      isProfileSave(response.url(), response.request().method()),
    );
    await form.phone.fill('+49 30 1234567');
    await form.save.click();
    expect((await save).status()).toBe(401);
    await expect(signInForm(reception).password).toBeVisible();
    expect(reception.url().startsWith(portal.issuer)).toBe(true);
    const request = await lastSignInRequest(signIns);
    expect(request.searchParams.get('pp_notice')).toBe('ended-elsewhere');
    // The sign-in page's notice, the same element for every reason, is checked in
    // provider-axe.spec.ts.
    await expect(reception.getByRole('status')).toHaveText(texts.notice);
    await expect(reception.locator('html')).toHaveAttribute('lang', language);

    for (const each of [page, reception]) await each.context().close();
  });
}
