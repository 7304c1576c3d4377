import { Notification, Stack } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from './toast-context.ts';
import './toaster.css';

/** The toasts on screen, bottom right; errors are announced at once, successes politely. */
export function Toaster() {
  const { t } = useTranslation();
  const store = useToasts();
  const toasts = useSyncExternalStore(store.subscribe, store.getToasts);

  return (
    <Stack className="toaster" gap="xs">
      {toasts.map((toast) => (
        <Notification
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          color={toast.kind === 'error' ? 'red' : 'teal'}
          withBorder
          closeButtonProps={{ 'aria-label': t('ACTIONS.CLOSE') }}
          onClose={() => store.dismiss(toast.id)}
        >
          {t(toast.messageKey)}
        </Notification>
      ))}
    </Stack>
  );
}
