import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/app.tsx';
import { createI18n } from './lib/i18n/i18n.ts';
import { ApiProvider } from './lib/api/api-provider.tsx';
import { AuthProvider } from './lib/auth/auth-provider.tsx';
import { AuthSession } from './lib/auth/auth-session.ts';
import './main.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void createI18n().then((i18n) => {
  const session = new AuthSession(() => i18n.resolvedLanguage ?? i18n.language);
  createRoot(container).render(
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
  );
});
