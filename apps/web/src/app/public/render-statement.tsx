import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { loadWebConfiguration } from '../../lib/auth/load-configuration.ts';
import { createI18n, isLanguage, storedLanguage } from '../../lib/i18n/i18n.ts';
import { colorSchemeManager } from '../../lib/theme/color-scheme.ts';
import '../../lib/theme/mantine-styles.ts';
import { theme } from '../../lib/theme/theme.ts';
import { StatementPage } from './statement-page.tsx';

/**
 * Renders the accessibility statement without signing in (decision 0080): the light entry
 * loads this (through `main.tsx`) instead of settling a session when the address is
 * `/accessibility`.
 */
export async function renderStatementPage(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // The provider's pages link the statement in their language (`?lang=`); else the one chosen.
  const asked = new URLSearchParams(window.location.search).get('lang');
  const [i18n, configuration] = await Promise.all([
    createI18n(isLanguage(asked) ? asked : storedLanguage()),
    // Without it the statement still shows, only without the operator's contact and links.
    loadWebConfiguration().catch(() => null),
  ]);
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <MantineProvider
          theme={theme}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="auto"
        >
          <StatementPage configuration={configuration} />
        </MantineProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}
