import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { isSelectable, type Company } from '../../../lib/ui-state/companies.ts';
import { MembershipItem } from './membership-item.tsx';
import './details-list.css';

interface MembershipsSectionProps {
  companies: readonly Company[];
  activeCompanyId: string | undefined;
  onSwitch: (companyId: string) => void;
}

/**
 * Every practice the user belongs to or asked to join, the primary one first, disabled ones
 * read-only; what the user can do with each is `MembershipActions`.
 */
export function MembershipsSection({
  companies,
  activeCompanyId,
  onSwitch,
}: MembershipsSectionProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="memberships-heading">
      <Group justify="space-between" align="baseline" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id="memberships-heading">
          {t('MY_PRACTICE.ALL_TITLE')}
        </Title>
        <Anchor component={Link} to={ROUTES.newPractice}>
          {t('MY_PRACTICE.ADD_OR_CONNECT')}
        </Anchor>
      </Group>
      {companies.length === 0 ? (
        <Text>{t('MY_PRACTICE.NONE')}</Text>
      ) : (
        <Stack component="ul" gap="sm" className="plain-list" mb="xl">
          {companies.map((company) => (
            <MembershipItem
              key={company.companyId}
              company={company}
              active={company.companyId === activeCompanyId}
              selectableCount={companies.filter(isSelectable).length}
              onSwitch={onSwitch}
            />
          ))}
        </Stack>
      )}
    </section>
  );
}
