import { AuthSession } from './lib/auth/auth-session.ts';
import { initialLanguage } from './lib/auth/initial-language.ts';
import { showSessionWait } from './lib/auth/session-wait.ts';
import { isSignInCallback } from './lib/auth/sign-in-state.ts';
import { STATEMENT_PATH } from './components/navigation/statement-path.ts';
import { requestCustomerDataEarly } from './lib/api/early-answer.ts';
import { requestTextsEarly } from './lib/i18n/early-texts.ts';
import './first-paint.css';

// The page's entry, kept light (decision 0034; at most 30 KB gzipped, scripts/check-bundle-size.mjs):
// it settles the session with oidc-client-ts alone, so a signed-out visitor goes to the
// provider's sign-in page without downloading the app. The app (React, Mantine, i18next, the
// screens) is loaded once there is a session, or a failure to show.

// zod (in the app) takes its settings from this global, also when set before it loads: without
// `jitless` it probes `new Function` once, which the Content-Security-Policy (no eval) refuses
// and Chromium reports as a violation.
const zodSettings = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodSettings.__zod_globalConfig = { ...zodSettings.__zod_globalConfig, jitless: true };

/**
 * The accessibility statement is public (decision 0080): its address shows it without settling a
 * session, so nobody is sent to the sign-in page first.
 */
function showStatement() {
  import('./main.tsx')
    .then(({ renderStatement }) => renderStatement())
    .catch((error: unknown) => console.error('the statement could not be loaded', error));
}

function startPortal() {
  const session = new AuthSession(initialLanguage);
  const loadApp = () => import('./main.tsx');

  /**
   * Whoever returns from the provider with an answer, or reloads a page of the portal, is most
   * likely signed in: the app is fetched while the session is settled instead of after it.
   */
  function sessionLikely(): boolean {
    const [navigation] = performance.getEntriesByType('navigation');
    const reloaded =
      navigation instanceof PerformanceNavigationTiming && navigation.type === 'reload';
    return reloaded || isSignInCallback(new URL(window.location.href));
  }

  // The app's texts are fetched alongside its chunks: the app renders once the session is
  // settled, whatever the outcome, and waits for both (decision 0089).
  const fetchTexts = () => requestTextsEarly(initialLanguage());
  if (sessionLikely()) {
    loadApp().catch(() => undefined);
    fetchTexts();
  }

  // A signed-in user's new tab is not blank while the session is settled (a frame or a redirect).
  const root = document.getElementById('root');
  const stopWait = root
    ? showSessionWait(root, initialLanguage(), () => session.configuration()?.portalName)
    : () => undefined;

  session
    .start()
    .then(() => {
      fetchTexts();
      // The startup's first call, while the app starts (decision 0091).
      const token = session.accessToken();
      if (token) requestCustomerDataEarly(token, initialLanguage());
      return loadApp();
    })
    .then(({ renderApp }) => {
      stopWait();
      return renderApp(session);
    })
    .catch((error: unknown) => console.error('the app could not be loaded', error));
}

if (window.location.pathname === STATEMENT_PATH) showStatement();
else startPortal();
