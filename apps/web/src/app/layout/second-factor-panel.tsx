import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { PageHeader } from '../../components/page-header.tsx';
import { useActiveCompany } from '../../lib/ui-state/use-customer.ts';

/**
 * What a practice screen shows when the practice requires a second factor that the sign-in did
 * not have (`second_factor_required`, decision 0069): why, and the provider's setup of an
 * authenticator app (`pp_action=configure-totp`), which returns to this screen signed in anew.
 * The person's own screens and the list of practices (to switch or leave) stay open.
 */
export function SecondFactorPanel({ onSetUp }: { onSetUp: () => void }) {
  const { t } = useTranslation();
  const practice = useActiveCompany()?.name;
  return (
    <section data-second-factor-required>
      <PageHeader title={t('SECOND_FACTOR_REQUIRED.TITLE')} />
      <Text mb="sm">
        {practice
          ? t('SECOND_FACTOR_REQUIRED.TEXT', { practice })
          : t('ERRORS.second_factor_required')}
      </Text>
      <Text mb="lg">{t('SECOND_FACTOR_REQUIRED.HINT')}</Text>
      <Group gap="sm">
        <Button onClick={onSetUp}>{t('SECOND_FACTOR_REQUIRED.SET_UP')}</Button>
        <Button component={Link} to={ROUTES.myPractice} variant="default">
          {t('SECOND_FACTOR_REQUIRED.MY_PRACTICES')}
        </Button>
      </Group>
    </section>
  );
}
