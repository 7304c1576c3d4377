import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@pp/contract';
import { errorTextKey } from '../../../lib/api/error-texts.ts';

/** What the last request of the sign-in section did. */
export type AccountNotice =
  | { kind: 'email-requested'; newEmail: string }
  | { kind: 'password-requested'; email: string }
  | { kind: 'not-available' };

/** The outcome of a request, where the user asked for it; closing it ends it. */
export function AccountNoticeAlert({
  notice,
  onClose,
}: {
  notice: AccountNotice;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const common = {
    mt: 'md',
    variant: 'outline',
    withCloseButton: true,
    closeButtonLabel: t('ACTIONS.CLOSE'),
    onClose,
  } as const;

  if (notice.kind === 'not-available') {
    return (
      <Alert {...common} role="alert" color="yellow">
        {t(errorTextKey(ErrorCode.notAvailable))}
      </Alert>
    );
  }
  return (
    <Alert
      {...common}
      role="status"
      color="teal"
      title={t(
        notice.kind === 'email-requested'
          ? 'ACCOUNT.EMAIL_REQUESTED_TITLE'
          : 'ACCOUNT.PASSWORD_REQUESTED_TITLE',
      )}
    >
      {notice.kind === 'email-requested'
        ? t('ACCOUNT.EMAIL_REQUESTED', { email: notice.newEmail })
        : t('ACCOUNT.PASSWORD_REQUESTED', { email: notice.email })}
    </Alert>
  );
}
