import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A section's list while it loads: a spinner with words for screen readers. */
export function SectionLoading() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{t('SECURITY.LOADING')}</Text>
    </Group>
  );
}

/** A section's list that failed to load, with a retry. */
export function SectionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert role="alert" color="red" variant="outline">
      {t('MESSAGES.GET_ERROR')}{' '}
      <Button variant="subtle" size="compact-sm" onClick={onRetry}>
        {t('ACTIONS.RETRY')}
      </Button>
    </Alert>
  );
}

/** What an external provider keeps: the portal knows nothing of it and links to its pages. */
export function ProviderPages({ providerUrl }: { providerUrl: string | null }) {
  const { t } = useTranslation();
  return (
    <Text size="sm">
      {t('SECURITY.EXTERNAL_HINT')}{' '}
      {providerUrl && (
        <a href={providerUrl} target="_blank" rel="noopener noreferrer">
          {t('SECURITY.EXTERNAL_LINK')}
        </a>
      )}
    </Text>
  );
}
