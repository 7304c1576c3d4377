import { useTranslation } from 'react-i18next';
import { ROUTES } from '@pp/contract';
import { LinkCard } from './link-card.tsx';

/** Shown to a user without a practice they can work in. */
export function NoPracticeInvitation() {
  const { t } = useTranslation();
  return (
    <LinkCard
      id="no-practice-heading"
      title={t('NO_PRACTICE.TITLE')}
      text={t('NO_PRACTICE.TEXT')}
      to={ROUTES.newPractice}
      action={t('NO_PRACTICE.ACTION')}
    />
  );
}
