import { Alert, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Preferences } from '@pp/contract';
import { formatDate, formatTime } from '../../../lib/format/format.ts';
import { useResendConfirmation } from '../api/resend-confirmation.ts';

/**
 * Double opt-in (decision 0077): a wider choice waits for the link in its mail; until then the
 * page says so and offers to send the mail again.
 */
export function PendingConfirmation({ pending }: { pending: NonNullable<Preferences['pending']> }) {
  const { t } = useTranslation();
  const resend = useResendConfirmation();
  const expiresAt = new Date(pending.expiresAt);
  return (
    // As the CRM notice: the title in the text's colour, since yellow text on white does not reach
    // the contrast of WCAG 2.1 AA.
    <Alert
      role="status"
      color="yellow"
      variant="outline"
      mb="lg"
      title={t('NEWSLETTER.PENDING_TITLE')}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text mb="sm">
        {t('NEWSLETTER.PENDING_TEXT', { date: formatDate(expiresAt), time: formatTime(expiresAt) })}
      </Text>
      <Button
        variant="default"
        size="compact-sm"
        loading={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {t('NEWSLETTER.RESEND')}
      </Button>
      <Text aria-live="polite" mt="xs" size="sm">
        {resend.isSuccess ? t('NEWSLETTER.RESENT') : ''}
        {resend.isError ? t('MESSAGES.SAVE_ERROR') : ''}
      </Text>
    </Alert>
  );
}
