import { Alert, Badge, Button, Card, Group, Loader, Text, Title } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { portalRoleOf, ROUTES } from '@pp/contract';
import { roleKey } from '../../../lib/format/role-name.ts';
import type { Company } from '../../../lib/ui-state/companies.ts';
import { useCustomer } from '../../../lib/ui-state/use-customer.ts';
import { useCompany } from '../api/get-company.ts';
import { PracticeDetailsList } from './practice-details.tsx';

interface ActivePracticeSectionProps {
  company: Company;
  /** The heading takes the focus after a switch, so the reader hears the new practice. */
  headingRef: Ref<HTMLHeadingElement>;
}

/** The practice the user works in now: its data, the user's role, and for admins a way to edit. */
export function ActivePracticeSection({ company, headingRef }: ActivePracticeSectionProps) {
  const { t } = useTranslation();
  const salutation = useCustomer()?.salutation;
  const details = useCompany(company.companyId);
  const isAdmin = portalRoleOf(company.role) === 'admin';

  return (
    <Card withBorder component="section" mb="lg" aria-labelledby="active-practice-heading">
      <Title order={2} size="h4" id="active-practice-heading" ref={headingRef} tabIndex={-1} mb={4}>
        {t('MY_PRACTICE.ACTIVE_TITLE')}
      </Title>
      <Group gap="sm" mb="sm">
        <Text fw={700} size="lg">
          {company.name}
        </Text>
        {company.isPrimary && <Badge variant="outline">{t('PRACTICE_SWITCHER.PRIMARY')}</Badge>}
      </Group>
      <Text mb="md">
        {t('MY_PRACTICE.YOUR_ROLE')}: <strong>{t(roleKey(company.role, salutation))}</strong>
      </Text>
      {details.data && <PracticeDetailsList practice={details.data} />}
      {details.isPending && <Loader size="sm" aria-hidden />}
      {details.isError && (
        <Alert role="alert" color="red" variant="outline">
          {t('MESSAGES.GET_ERROR')}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void details.refetch()}>
            {t('ACTIONS.RETRY')}
          </Button>
        </Alert>
      )}
      {isAdmin && (
        <Group gap="sm" mt="lg">
          <Button component={Link} to={ROUTES.practiceInformation} variant="default">
            {t('MY_PRACTICE.EDIT')}
          </Button>
          <Button component={Link} to={ROUTES.activity} variant="default">
            {t('MY_PRACTICE.ACTIVITY')}
          </Button>
        </Group>
      )}
    </Card>
  );
}
