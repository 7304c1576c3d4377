import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { roleKey } from '../../../lib/format/role-name.ts';
import type { Company } from '../../../lib/ui-state/companies.ts';
import { useCustomer } from '../../../lib/ui-state/use-customer.ts';

/** The practice the user works in now and their role in it. */
export function ActivePracticeCard({ company }: { company: Company }) {
  const { t } = useTranslation();
  const salutation = useCustomer()?.salutation;
  return (
    <Card withBorder component="section" aria-labelledby="active-practice-heading" mb="lg">
      <Title order={2} size="h4" id="active-practice-heading" mb="xs">
        {t('DASHBOARD.ACTIVE_PRACTICE')}
      </Title>
      <Group gap="sm" wrap="wrap">
        <Text fw={600}>{company.name}</Text>
        {company.isPrimary && <Badge variant="outline">{t('PRACTICE_SWITCHER.PRIMARY')}</Badge>}
      </Group>
      <Text mt="xs">
        {t('DASHBOARD.YOUR_ROLE')}: {t(roleKey(company.role, salutation))}
      </Text>
    </Card>
  );
}
