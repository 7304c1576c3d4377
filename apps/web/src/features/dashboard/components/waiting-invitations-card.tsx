import { Button, Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import type { Company } from '../../../lib/ui-state/companies.ts';

/**
 * Invitations waiting for an answer, before anything else on the dashboard: an invited person
 * should accept rather than add a practice of their own (issue 22, point 1). They are answered
 * on `/my-practice` (decision 0033).
 */
export function WaitingInvitationsCard({ invited }: { invited: readonly Company[] }) {
  const { t } = useTranslation();
  if (invited.length === 0) return null;
  const names = invited.map((company) => company.name).join(', ');
  return (
    <Card withBorder component="section" aria-labelledby="waiting-invitations-heading" mb="lg">
      <Title order={2} size="h4" id="waiting-invitations-heading" mb="xs">
        {t('WAITING_INVITATIONS.TITLE')}
      </Title>
      <Text mb="md">{t('WAITING_INVITATIONS.TEXT', { names })}</Text>
      <Button component={Link} to={ROUTES.myPractice}>
        {t('WAITING_INVITATIONS.ACTION')}
      </Button>
    </Card>
  );
}
