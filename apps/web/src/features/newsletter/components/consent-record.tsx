import { Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Preferences } from '@pp/contract';
import { formatDate, formatIsoDate, formatTime } from '../../../lib/format/format.ts';

/**
 * What is on record: the last saved choice, when it was made (German date and time) and under
 * which wording. `id="consent"` lets a link point here (`/newsletter#consent`).
 */
export function ConsentRecord({ preferences }: { preferences: Preferences }) {
  const { t } = useTranslation();
  const { consent, subscribed } = preferences;
  let record = t('NEWSLETTER.CONSENT_NONE');
  if (consent) {
    const recordedAt = new Date(consent.recordedAt);
    record = t(subscribed ? 'NEWSLETTER.CONSENT_GIVEN' : 'NEWSLETTER.CONSENT_WITHDRAWN', {
      date: formatDate(recordedAt),
      time: formatTime(recordedAt),
      version: formatIsoDate(consent.wordingVersion),
    });
  }

  return (
    <Card withBorder component="section" mb="lg" aria-labelledby="consent">
      <Title order={2} size="h4" id="consent" mb="xs">
        {t('NEWSLETTER.CONSENT_RECORD')}
      </Title>
      <Text aria-live="polite">{record}</Text>
    </Card>
  );
}
