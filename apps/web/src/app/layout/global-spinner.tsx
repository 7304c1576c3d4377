import { Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIsLoading } from '../../lib/ui-state/ui-state-context.ts';

/** Shown while any operation runs (the UI state's counter is above 0). */
export function GlobalSpinner() {
  const { t } = useTranslation();
  const loading = useIsLoading();

  return (
    <div role="status" className="global-spinner" data-visible={loading || undefined}>
      {loading && (
        <>
          <Loader size="lg" aria-hidden />
          <VisuallyHidden>{t('APP.LOADING')}</VisuallyHidden>
        </>
      )}
    </div>
  );
}
