import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/app.tsx';
import { createI18n } from './lib/i18n/i18n.ts';
import { ApiProvider } from './lib/api/api-provider.tsx';
import { AuthProvider } from './lib/auth/auth-provider.tsx';
import type { AuthSession } from './lib/auth/auth-session.ts';

/**
 * The app, loaded by the light entry (entry.ts) once the session is settled: signed in, or a
 * failure to show. The session keeps running here (renewal, a forced sign-in, sign-out).
 */
export async function renderApp(session: AuthSession): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const i18n = await createI18n();
  session.followLanguage(() => i18n.resolvedLanguage ?? i18n.language);
  const root = createRoot(container);
  // A transition renders the first screen in slices, yielding to the browser in between: no
  // single long task blocks input while the app starts (Lighthouse's total blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={null}>
            <AuthProvider session={session}>
              <ApiProvider>
                <App />
              </ApiProvider>
            </AuthProvider>
          </Suspense>
        </I18nextProvider>
      </StrictMode>,
    ),
  );
}

/**
 * The accessibility statement, shown without a session (decision 0080). Loaded through the app's
 * chunk rather than from the entry: a second way in would split the app's shared code into more
 * chunks, which the first screen pays for.
 */
export async function renderStatement(): Promise<void> {
  const { renderStatementPage } = await import('./app/public/render-statement.tsx');
  await renderStatementPage();
}
