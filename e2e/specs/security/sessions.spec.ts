import { LANGUAGES_AND_STARTING_SCHEMES, expectAccessibleState } from '../../support/axe.ts';
// On a portal of its own: its wrong passwords and codes count for 127.0.0.1 (decision 0051)
// and would slow down the other specs' sign-ins on the shared portal.
import { expect, test } from '../../support/fixtures.ts';
import { newBrowserPage } from '../../support/language.ts';
import { lastSignInRequest, recordSignInRequests } from '../../support/session-tabs.ts';
import { signIn, signInForm, submitCredentials } from '../../support/sign-in.ts';

test.use({ portalScope: 'own' });

const TEXTS = {
  de: {
    title: 'Sicherheit',
    methods: 'Anmeldemethoden',
    sessions: 'Sitzungen',
    signIns: 'Letzte Anmeldungen',
    deleteAccount: 'Konto löschen',
    thisDevice: 'Dieses Gerät',
    endOne: /^Sitzung .* abmelden$/,
    endOneConfirm: 'Abmelden',
    endAll: 'Überall abmelden',
    cancel: 'Abbrechen',
    success: 'Erfolgreich',
    failure: 'Fehlgeschlagen',
    password: 'Passwort',
    menu: 'Benutzermenü',
  },
  en: {
    title: 'Security',
    methods: 'Sign-in methods',
    sessions: 'Sessions',
    signIns: 'Recent sign-ins',
    deleteAccount: 'Delete account',
    thisDevice: 'This device',
    endOne: /^Sign out session .*$/,
    endOneConfirm: 'Sign out',
    endAll: 'Sign out everywhere',
    cancel: 'Cancel',
    success: 'Successful',
    failure: 'Failed',
    password: 'Password',
    menu: 'User menu',
  },
} as const;

for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`/security lists sessions and sign-ins, and signing out everywhere signs out another browser (${language}, ${scheme})`, async ({
    browser,
    portal,
    createUser,
  }) => {
    test.setTimeout(120_000);
    const texts = TEXTS[language];
    const user = await createUser();

    // Another browser: a failed attempt, then signed in (this is the account's first sign-in).
    const other = await newBrowserPage(browser, portal.url, language, scheme);
    await other.goto(`${portal.url}/dashboard`);
    await submitCredentials(other, user.email, 'Falsches-Passwort-1');
    await expect(signInForm(other).alert).toBeVisible();
    await signIn(other, user.email, user.password);
    // A third browser, to be signed out on its own.
    const third = await newBrowserPage(browser, portal.url, language, scheme);
    await third.goto(`${portal.url}/dashboard`);
    await signIn(third, user.email, user.password);

    // This browser, on the security page; it reaches it from the user menu.
    const page = await newBrowserPage(browser, portal.url, language, scheme);
    await page.goto(`${portal.url}/dashboard`);
    await signIn(page, user.email, user.password);
    await page.getByRole('button', { name: texts.menu }).click();
    await page.getByRole('link', { name: texts.title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
    await expect(page).toHaveURL(`${portal.url}/security`);

    // The four sections, in this order.
    const headings = page.getByRole('heading', { level: 2 });
    await expect(headings).toHaveText([
      texts.methods,
      texts.sessions,
      texts.signIns,
      texts.deleteAccount,
    ]);
    await expect(page.getByText(texts.password, { exact: true }).first()).toBeVisible();

    // Three sessions, this one marked; each other one can be signed out on its own.
    const sessions = page.getByRole('region', { name: texts.sessions }).getByRole('listitem');
    await expect(sessions).toHaveCount(3);
    await expect(sessions.filter({ hasText: texts.thisDevice })).toHaveCount(1);
    await expect(page.getByRole('button', { name: texts.endOne })).toHaveCount(2);
    await expect(sessions.first()).toContainText('Chrom');

    // Three sign-ins and the failed attempt, newest first.
    const rows = page.getByRole('region', { name: texts.signIns }).getByRole('row');
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(1)).toContainText(texts.success);
    await expect(rows.nth(4)).toContainText(texts.failure);
    await expectAccessibleState(page);

    // Signing one session out (it asks first): two are left.
    await page.getByRole('button', { name: texts.endOne }).first().click();
    const endOneDialog = page.getByRole('dialog');
    await expect(endOneDialog).toBeVisible();
    await endOneDialog.getByRole('button', { name: texts.endOneConfirm, exact: true }).click();
    await expect(endOneDialog).toBeHidden();
    await expect(sessions).toHaveCount(2);

    // Keyboard only: the button, Enter; the dialog starts on Cancel; Tab to confirm, Enter.
    const endAll = page.getByRole('button', { name: texts.endAll });
    await endAll.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: texts.endAll });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: texts.cancel })).toBeFocused();
    await expectAccessibleState(page);
    const confirm = dialog.getByRole('button', { name: texts.endAll });
    await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    const otherSignIns = recordSignInRequests(other, portal.issuer);
    const thirdSignIns = recordSignInRequests(third, portal.issuer);
    await page.keyboard.press('Enter');

    // This browser is signed out at once and asked for the password …
    await expect(signInForm(page).password).toBeVisible();
    expect(page.url().startsWith(portal.issuer)).toBe(true);

    // … the others (one ended on its own, one by "everywhere") at their next token renewal,
    // due a minute before the access token expires.
    for (const [elsewhere, seen] of [
      [other, otherSignIns],
      [third, thirdSignIns],
    ] as const) {
      await expect(elsewhere.getByRole('heading', { level: 1 })).toBeVisible();
      await elsewhere.context().clock.fastForward('09:05');
      await expect(signInForm(elsewhere).password).toBeVisible();
      const request = await lastSignInRequest(seen);
      expect(request.searchParams.get('pp_notice')).toBe('signed-out');
    }

    for (const each of [page, other, third]) await each.context().close();
  });
}
