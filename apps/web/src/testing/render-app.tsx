import { configure, render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import type { WebConfiguration } from '@pp/contract';
import { I18nextProvider } from 'react-i18next';
import { ApiProvider } from '../lib/api/api-provider.tsx';
import { AuthContext, type Auth } from '../lib/auth/auth-context.ts';
import type { SignOutReason } from '../lib/auth/provider-pages.ts';
import { WebConfigurationContext } from '../lib/auth/web-configuration.ts';
import { createI18n } from '../lib/i18n/i18n.ts';
import { App, createQueryClient } from '../app/app.tsx';
import { webConfiguration } from './portal-server.ts';

// The first render of a file also transforms the lazy screens' modules: allow it some time.
configure({ asyncUtilTimeout: 5000 });

export const ACCESS_TOKEN = 'header.payload.signature';

export interface SignedInSession extends Auth {
  signIns: number;
  /** The notice each sign-in asked the provider's page to show (`pp_notice`), in order. */
  signInNotices: (SignOutReason | undefined)[];
  signOuts: number;
  accountSwitches: number;
  /** The account actions started, each as its parameters' values (`configure-totp`), in order. */
  accountActions: string[];
  /** Their authorize parameters, in order. */
  accountActionParameters: Record<string, string>[];
}

export interface RenderOptions {
  /** Renders inside React's StrictMode, as `main.tsx` does (effects run twice in development). */
  strict?: boolean;
  /** The deployment's settings, when a test needs others than the default ones. */
  configuration?: WebConfiguration;
}

/**
 * The app as `main.tsx` renders it, for a signed-in user at `path`: the sign-in itself is the
 * provider's (tested in e2e), so the session and the configuration it loaded are plain values.
 * The network is the shared MSW server (`setup-test-env.ts`).
 */
export async function renderApp(path: string, options: RenderOptions = {}) {
  window.history.replaceState(null, '', path);
  const i18n = await createI18n();
  const queryClient = createQueryClient();
  const session: SignedInSession = {
    user: { subject: 'subject-1', email: 'clara.wolf@example.com', name: 'Clara Wolf' },
    getAccessToken: () => ACCESS_TOKEN,
    signIns: 0,
    signInNotices: [],
    signOuts: 0,
    accountSwitches: 0,
    accountActions: [],
    accountActionParameters: [],
    async signIn(notice) {
      session.signIns++;
      session.signInNotices.push(notice);
    },
    async switchAccount() {
      session.accountSwitches++;
    },
    async signOut() {
      session.signOuts++;
    },
    async runAccountAction(parameters) {
      session.accountActions.push(Object.values(parameters).join(' '));
      session.accountActionParameters.push(parameters);
    },
  };
  const wrap = (app: ReactNode) => (options.strict ? <StrictMode>{app}</StrictMode> : app);
  const view = render(
    wrap(
      <I18nextProvider i18n={i18n}>
        <WebConfigurationContext.Provider value={options.configuration ?? webConfiguration}>
          <AuthContext.Provider value={session}>
            <ApiProvider>
              <App queryClient={queryClient} />
            </ApiProvider>
          </AuthContext.Provider>
        </WebConfigurationContext.Provider>
      </I18nextProvider>,
    ),
  );
  return { ...view, session, i18n, queryClient };
}
