import { configure, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ApiProvider } from '../../lib/api/api-provider.tsx';
import { AuthContext, type Auth } from '../../lib/auth/auth-context.ts';
import { createI18n } from '../../lib/i18n/i18n.ts';
import { App } from '../app.tsx';

// The first render of a file also transforms the lazy screens' modules: allow it some time.
configure({ asyncUtilTimeout: 5000 });

export const ACCESS_TOKEN = 'header.payload.signature';

export interface SignedInSession extends Auth {
  signIns: number;
  signOuts: number;
}

/**
 * The app as `main.tsx` renders it, for a signed-in user at `path`: the sign-in itself is the
 * provider's (tested in e2e), so the session is a plain value of the auth context.
 */
export async function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  const i18n = await createI18n();
  const session: SignedInSession = {
    user: { subject: 'subject-1', email: 'clara.wolf@example.com', name: 'Clara Wolf' },
    getAccessToken: () => ACCESS_TOKEN,
    signIns: 0,
    signOuts: 0,
    async signIn() {
      session.signIns++;
    },
    async signOut() {
      session.signOuts++;
    },
  };
  const view = render(
    <I18nextProvider i18n={i18n}>
      <AuthContext.Provider value={session}>
        <ApiProvider>
          <App />
        </ApiProvider>
      </AuthContext.Provider>
    </I18nextProvider>,
  );
  return { ...view, session, i18n };
}
