import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';

/** The address is changed: sign-in and mails use it from now on. */
export function VerificationConfirmed({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Alert role="status" color="teal" variant="outline" title={t('VERIFY.CONFIRMED_TITLE')}>
      {t('VERIFY.CONFIRMED', { email })}
      <div>
        <Button component={Link} to={ROUTES.info} variant="default" mt="md">
          {t('VERIFY.TO_PROFILE')}
        </Button>
      </div>
    </Alert>
  );
}
