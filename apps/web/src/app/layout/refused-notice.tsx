import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** Navigation state left by the access guard when it refused a URL. */
export interface RefusedState {
  refusedPath: string;
}

function isRefusedState(state: unknown): state is RefusedState {
  return typeof state === 'object' && state !== null && 'refusedPath' in state;
}

/** Tells the user why they landed on the dashboard instead of the page they asked for. */
export function RefusedNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  if (!isRefusedState(location.state)) return null;

  return (
    <Alert
      role="alert"
      color="yellow"
      variant="outline"
      mb="lg"
      withCloseButton
      closeButtonLabel={t('ACTIONS.CLOSE')}
      onClose={() => void navigate(location, { replace: true, state: null })}
    >
      {t('ACCESS.REFUSED')}
    </Alert>
  );
}
