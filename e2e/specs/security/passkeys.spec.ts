import { LANGUAGES_AND_STARTING_SCHEMES, expectAccessibleState } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { addVirtualAuthenticator } from '../../support/virtual-authenticator.ts';
import {
  customerDataLoaded,
  expectSignedInAs,
  signIn,
  signInForm,
  signOut,
  submitCredentials,
} from '../../support/sign-in.ts';

// Passkeys (issue 25, decision 0071) through the provider's real pages, with Chromium's virtual
// authenticator (support/virtual-authenticator.ts); the provider's host is the relying party id.

const TEXTS = {
  de: {
    add: 'Passkey hinzufügen',
    addTitle: 'Passkey hinzufügen',
    name: 'Name des Passkeys',
    create: 'Passkey erstellen',
    notUsed: 'Noch nicht verwendet',
    lastUsed: /^Zuletzt verwendet: \d\d\.\d\d\.\d{4}/,
    signInWithPasskey: 'Mit Passkey anmelden',
    signIns: 'Letzte Anmeldungen',
    methodPasskey: 'Passkey',
    remove: (name: string) => `Passkey „${name}“ entfernen`,
    removeConfirm: 'Entfernen',
    removeTitle: 'Passkey entfernen',
    removeSubmit: 'Passkey entfernen',
    justSignedIn:
      'Sie haben sich gerade erst angemeldet; eine weitere Bestätigung ist nicht nötig.',
    secondStep: 'Mit Passkey bestätigen',
    usePasskey: 'Passkey verwenden',
    methodPasswordPasskey: 'Passwort und Passkey',
    none: /^Noch kein Passkey\./,
  },
  en: {
    add: 'Add a passkey',
    addTitle: 'Add a passkey',
    name: 'Name of the passkey',
    create: 'Create passkey',
    notUsed: 'Not used yet',
    lastUsed: /^Last used: \d\d\.\d\d\.\d{4}/,
    signInWithPasskey: 'Sign in with a passkey',
    signIns: 'Recent sign-ins',
    methodPasskey: 'Passkey',
    remove: (name: string) => `Remove the passkey "${name}"`,
    removeConfirm: 'Remove',
    removeTitle: 'Remove passkey',
    removeSubmit: 'Remove passkey',
    justSignedIn: 'You have just signed in; no further confirmation is needed.',
    secondStep: 'Confirm with a passkey',
    usePasskey: 'Use a passkey',
    methodPasswordPasskey: 'Password and passkey',
    none: /^No passkey yet\./,
  },
} as const;

for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`a passkey is added on the provider's page, signs in without the password, and is removed (${language}, ${scheme})`, async ({
    page,
    portal,
    createUser,
  }) => {
    test.setTimeout(180_000);
    const t = TEXTS[language];
    const user = await createUser();
    await page.emulateMedia({ colorScheme: scheme });
    await addVirtualAuthenticator(page);
    await usePortalLanguage(page, portal.url, language);
    await signIn(page, user.email, user.password);
    await page.goto(`${portal.url}/security`);
    await expect(page.getByText(t.none)).toBeVisible();

    // "Passkey hinzufügen" (keyboard) leads to the provider's page: a name from the browser.
    await page.getByRole('button', { name: t.add }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: t.addTitle })).toBeVisible();
    expect(page.url().startsWith(portal.issuer)).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const name = page.getByLabel(t.name);
    await expect(name).toBeFocused();
    await expect(name).not.toHaveValue('');
    await expect(page.getByRole('button', { name: t.create })).toBeVisible();
    await expectAccessibleState(page);
    const passkeyName = `E2E-Passkey ${language}`;
    await name.fill(passkeyName);
    await page.keyboard.press('Enter');

    // Back on the security page: the passkey, not used yet.
    await page.waitForURL(`${portal.url}/security`);
    const listed = page.getByTestId('passkey').filter({ hasText: passkeyName });
    await expect(listed).toBeVisible();
    await expect(listed.getByTestId('passkey-last-used')).toHaveText(t.notUsed);

    // Signed out, "Mit Passkey anmelden": no e-mail address, no password. The sign-in page with
    // its passkey button and the signed-out notice is checked in provider-axe.spec.ts.
    await signOut(page);
    await expect(signInForm(page).password).toBeVisible();
    const passkeyButton = page.getByRole('button', { name: t.signInWithPasskey });
    await expect(passkeyButton).toBeVisible();
    const loaded = customerDataLoaded(page);
    await passkeyButton.focus();
    await page.keyboard.press('Enter');
    await loaded;
    await expectSignedInAs(page, user.name);

    // The security page says when it was last used; the history names the passkey.
    await page.goto(`${portal.url}/security`);
    await expect(listed.getByTestId('passkey-last-used')).toHaveText(t.lastUsed);
    const rows = page.getByRole('region', { name: t.signIns }).getByRole('row');
    await expect(rows.nth(1)).toContainText(t.methodPasskey);
    await expectAccessibleState(page);

    // With the password, the passkey is the second step (issue 41): the password alone is not
    // enough any more.
    await signOut(page);
    await submitCredentials(page, user.email, user.password);
    await expect(page.getByRole('heading', { level: 1, name: t.secondStep })).toBeVisible();
    await expect(page.getByRole('button', { name: t.usePasskey })).toBeFocused();
    await expectAccessibleState(page);
    const stepped = customerDataLoaded(page);
    await page.keyboard.press('Enter');
    await stepped;
    await expectSignedInAs(page, user.name);
    await page.goto(`${portal.url}/security`);
    await expect(rows.nth(1)).toContainText(t.methodPasswordPasskey);

    // Removing (keyboard only) asks here, starting on "Abbrechen", then the provider asks for
    // the password.
    await page.getByRole('button', { name: t.remove(passkeyName) }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: t.removeConfirm, exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: t.removeTitle })).toBeVisible();
    await expect(page.getByText(passkeyName)).toBeVisible();
    // Signed in a moment ago: that proof counts for five minutes, so one button, no password.
    await expect(page.getByText(t.justSignedIn)).toBeVisible();
    await expectAccessibleState(page);
    await page.getByRole('button', { name: t.removeSubmit }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${portal.url}/security`);
    await expect(page.getByText(t.none)).toBeVisible();
  });
}
