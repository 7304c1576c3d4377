import { Alert } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useUiState, useUiStore } from '../../lib/ui-state/ui-state-context.ts';
import { useActiveCompany } from '../../lib/ui-state/use-customer.ts';

/**
 * The notice of the UI state (e.g. why the user landed on the dashboard instead of the page they
 * asked for), on its page only. Shown once: leaving the page or closing it ends it.
 */
export function PageNotice() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const store = useUiStore();
  const notice = useUiState((state) => state.notice);
  const practice = useActiveCompany()?.name;
  const shown = notice?.path === pathname ? notice : undefined;

  useEffect(() => {
    if (!shown) return undefined;
    return () => store.dismissNotice(shown);
  }, [shown, store]);

  if (!shown) return null;
  return (
    <Alert
      role="alert"
      color="yellow"
      variant="outline"
      mb="lg"
      withCloseButton
      closeButtonLabel={t('ACTIONS.CLOSE')}
      onClose={() => store.dismissNotice(shown)}
    >
      {/* A notice may name the practice now active (after a switch of practice). */}
      {t(shown.messageKey, { practice })}
    </Alert>
  );
}
