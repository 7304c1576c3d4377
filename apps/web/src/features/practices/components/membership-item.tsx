import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { roleKey } from '../../../lib/format/role-name.ts';
import type { Company } from '../../../lib/ui-state/companies.ts';
import { useCustomer } from '../../../lib/ui-state/use-customer.ts';
import { MEMBERSHIP_BADGES, MEMBERSHIP_NOTES, membershipState } from '../membership-state.ts';
import { MembershipActions } from './membership-actions.tsx';

interface MembershipItemProps {
  company: Company;
  active: boolean;
  selectableCount: number;
  onSwitch: (companyId: string) => void;
}

/** One of the user's practices: where it is, the user's role and how their membership stands. */
export function MembershipItem({
  company,
  active,
  selectableCount,
  onSwitch,
}: MembershipItemProps) {
  const { t } = useTranslation();
  const salutation = useCustomer()?.salutation;
  const state = membershipState(company);
  const place = [company.postalCode, company.city].filter(Boolean).join(' ');

  return (
    <Card withBorder component="li" padding="md">
      <Group gap="xs" wrap="wrap">
        <Title order={3} size="h5">
          {company.name}
        </Title>
        {active && <Badge>{t('MY_PRACTICE.BADGE_ACTIVE')}</Badge>}
        {company.isPrimary && <Badge variant="outline">{t('PRACTICE_SWITCHER.PRIMARY')}</Badge>}
        {state !== 'enabled' && <Badge variant="outline">{t(MEMBERSHIP_BADGES[state])}</Badge>}
      </Group>
      <Text size="sm" mt={4}>
        {[place, `${t('MY_PRACTICE.YOUR_ROLE')}: ${t(roleKey(company.role, salutation))}`]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {state !== 'enabled' && (
        <Text size="sm" mt={4}>
          {t(MEMBERSHIP_NOTES[state])}
        </Text>
      )}
      <MembershipActions
        company={company}
        active={active}
        selectableCount={selectableCount}
        onSwitch={onSwitch}
      />
    </Card>
  );
}
