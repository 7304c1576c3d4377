import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Company } from '../../../lib/ui-state/companies.ts';
import { MembershipItem } from './membership-item.tsx';
import './details-list.css';

interface InvitationsSectionProps {
  invited: readonly Company[];
  selectableCount: number;
  onSwitch: (companyId: string) => void;
}

/**
 * The practices that invited the user, first on `/my-practice` with "Einladung annehmen" as the
 * obvious step — the invitation's mail link lands here (issue 22, point 1).
 */
export function InvitationsSection({
  invited,
  selectableCount,
  onSwitch,
}: InvitationsSectionProps) {
  const { t } = useTranslation();
  if (invited.length === 0) return null;
  return (
    <section aria-labelledby="invitations-heading">
      <Title order={2} size="h4" id="invitations-heading" mb="xs">
        {t('WAITING_INVITATIONS.TITLE')}
      </Title>
      <Text mb="sm">{t('WAITING_INVITATIONS.INTRO')}</Text>
      <Stack component="ul" gap="sm" className="plain-list" mb="xl">
        {invited.map((company) => (
          <MembershipItem
            key={company.companyId}
            company={company}
            active={false}
            selectableCount={selectableCount}
            onSwitch={onSwitch}
          />
        ))}
      </Stack>
    </section>
  );
}
