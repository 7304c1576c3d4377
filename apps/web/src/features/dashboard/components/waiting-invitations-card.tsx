import { useTranslation } from 'react-i18next';
import { ROUTES } from '@pp/contract';
import { LinkCard } from '../../../components/link-card.tsx';
import type { Company } from '../../../lib/ui-state/companies.ts';

/**
 * Invitations waiting for an answer, before anything else on the dashboard: an invited person
 * should accept rather than add a practice of their own (issue 22, point 1). They are answered
 * on `/my-practice` (decision 0033).
 */
export function WaitingInvitationsCard({ invited }: { invited: readonly Company[] }) {
  const { t } = useTranslation();
  if (invited.length === 0) return null;
  return (
    <LinkCard
      id="waiting-invitations-heading"
      title={t('WAITING_INVITATIONS.TITLE')}
      text={t('WAITING_INVITATIONS.TEXT', { names: invited.map((c) => c.name).join(', ') })}
      to={ROUTES.myPractice}
      action={t('WAITING_INVITATIONS.ACTION')}
    />
  );
}
