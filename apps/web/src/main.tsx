import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from './i18n.ts';
import { StartPage } from './start-page.tsx';
import './main.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void createI18n().then((i18n) => {
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <StartPage />
        </Suspense>
      </I18nextProvider>
    </StrictMode>,
  );
});
