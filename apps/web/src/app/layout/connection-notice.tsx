import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRetryingScreen } from '../screen-loading/connection-status.ts';

/**
 * Says that a screen's code could not be fetched and is being tried again (a refused request,
 * the browser offline). The live region is always there, so screen readers hear the change; it
 * is no second `status` beside the global spinner's.
 */
export function ConnectionNotice() {
  const { t } = useTranslation();
  const retrying = useRetryingScreen();
  return (
    <div aria-live="polite">
      {retrying && (
        <Alert role="none" color="yellow" variant="outline" mb="lg">
          {t('CONNECTION.RETRYING')}
        </Alert>
      )}
    </div>
  );
}
