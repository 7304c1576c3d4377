import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCustomer } from '../../../lib/ui-state/use-customer.ts';
import { useVerifyEmailOnce } from '../use-verify-email-once.ts';
import { verificationFailure } from '../verification-failure.ts';
import { CONFIRMED_PARAM, VERIFY_HASH_PARAM } from '../verify-links.ts';
import { MissingLink } from './missing-link.tsx';
import { VerificationConfirmed } from './verification-confirmed.tsx';
import { VerificationFailed } from './verification-failed.tsx';

/** `/verify?hash=…`: confirms a new e-mail address with the link from the mail. */
export function VerifyPage() {
  const { t } = useTranslation();
  // Not useSearchParams: every router export used anywhere lands in the first screen's chunk.
  const params = new URLSearchParams(useLocation().search);
  const hash = params.get(VERIFY_HASH_PARAM);
  const email = useCustomer()?.email ?? '';
  const { verification, retry } = useVerifyEmailOnce(hash);

  let result: ReactNode;
  if (verification.isSuccess) {
    result = <VerificationConfirmed email={verification.data.email} />;
  } else if (verification.isError) {
    const failure = verificationFailure(verification.error);
    result = <VerificationFailed failure={failure} email={email} onRetry={retry} />;
  } else if (hash) {
    result = <Text role="status">{t('VERIFY.CHECKING')}</Text>;
  } else if (params.has(CONFIRMED_PARAM)) {
    // A reload after the confirmation: the customer data already holds the new address.
    result = <VerificationConfirmed email={email} />;
  } else {
    result = <MissingLink />;
  }

  return (
    <>
      <PageHeader title={t('PAGES.VERIFY.TITLE')} description={t('PAGES.VERIFY.DESCRIPTION')} />
      {result}
    </>
  );
}
