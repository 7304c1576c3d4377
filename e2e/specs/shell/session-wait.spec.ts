import { expectAccessibleState } from '../../support/axe.ts';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { heading } from './shell.ts';

const clara = DEMO_USERS[2];

// A signed-in user's new tab settles its session in a hidden frame before the app loads. On a
// slow network that takes a while: the tab says what it is doing instead of staying blank.

const WAIT = { de: 'Anmeldung wird geprüft …', en: 'Checking your sign-in …' } as const;

for (const [language, scheme] of [
  ['de', 'light'],
  ['en', 'dark'],
] as const) {
  test(`a new tab shows the sign-in check while its session is settled (${language}, ${scheme})`, async ({
    context,
    page,
    portal,
  }) => {
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/dashboard`);
    await signIn(page, clara.email);

    const tab = await context.newPage();
    await tab.emulateMedia({ colorScheme: scheme });
    // The hidden frame's request to the provider is held until the test has looked (Playwright
    // routes only the first request of a redirect, so not the frame's return to the portal).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await tab.route(
      (url) => url.origin === portal.issuer && url.pathname === '/auth',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const loaded = customerDataLoaded(tab);
    // Not waiting for `load`: the page's load may wait for the held frame.
    await tab.goto(`${portal.url}/dashboard`, { waitUntil: 'commit' });

    const status = tab.getByRole('status');
    await expect(status).toHaveText(WAIT[language]);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(
      language === 'de' ? 'Praxisportal' : 'Practice Portal',
    );
    await expectAccessibleState(tab);

    release();
    await loaded;
    await expect(heading(tab)).toHaveText(/Wolf/);
    await expect(tab.getByText(WAIT[language])).toHaveCount(0);
  });
}
