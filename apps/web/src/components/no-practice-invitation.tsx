import { Button, Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';

/** Shown to a user without a practice they can work in. */
export function NoPracticeInvitation() {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby="no-practice-heading" mb="lg">
      <Title order={2} size="h4" id="no-practice-heading" mb="xs">
        {t('NO_PRACTICE.TITLE')}
      </Title>
      <Text mb="md">{t('NO_PRACTICE.TEXT')}</Text>
      <Button component={Link} to={ROUTES.newPractice}>
        {t('NO_PRACTICE.ACTION')}
      </Button>
    </Card>
  );
}
