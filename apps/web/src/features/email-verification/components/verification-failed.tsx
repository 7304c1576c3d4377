import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { EMAIL_CHANGE_LINK } from '../../../components/navigation/account-links.ts';
import type { VerificationFailure } from '../verification-failure.ts';

interface VerificationFailedProps {
  failure: VerificationFailure;
  /** The address the customer has now (unchanged by this link). */
  email: string;
  onRetry: () => void;
}

const TEXT_KEYS: Record<VerificationFailure, { title: string; text: string }> = {
  link_invalid: { title: 'VERIFY.INVALID_TITLE', text: 'VERIFY.INVALID' },
  link_expired: { title: 'VERIFY.EXPIRED_TITLE', text: 'VERIFY.EXPIRED' },
  link_used: { title: 'VERIFY.USED_TITLE', text: 'VERIFY.USED' },
  email_taken: { title: 'VERIFY.TAKEN_TITLE', text: 'VERIFY.TAKEN' },
  not_available: { title: 'VERIFY.FAILED_TITLE', text: 'ERRORS.not_available' },
  other: { title: 'VERIFY.FAILED_TITLE', text: 'VERIFY.FAILED' },
};

/** Why the link did not change the address, and what the user can do next. */
export function VerificationFailed({ failure, email, onRetry }: VerificationFailedProps) {
  const { t } = useTranslation();
  const keys = TEXT_KEYS[failure];
  const newLink =
    failure === 'link_invalid' || failure === 'link_expired' || failure === 'email_taken';

  return (
    <Alert
      role="alert"
      color={failure === 'link_used' ? 'blue' : 'red'}
      variant="outline"
      title={t(keys.title)}
    >
      {t(keys.text, { email })}
      <Group mt="md">
        {newLink && (
          <Button component={Link} to={EMAIL_CHANGE_LINK}>
            {t('VERIFY.REQUEST_NEW_LINK')}
          </Button>
        )}
        {failure === 'other' && <Button onClick={onRetry}>{t('ACTIONS.RETRY')}</Button>}
        <Button component={Link} to={ROUTES.info} variant="default">
          {t('VERIFY.TO_PROFILE')}
        </Button>
      </Group>
    </Alert>
  );
}
