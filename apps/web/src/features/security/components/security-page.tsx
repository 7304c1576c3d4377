import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Modal.css';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCustomer } from '../../../lib/ui-state/use-customer.ts';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { SignInMethodsSection } from './sign-in-methods-section.tsx';
import { SignInsSection } from './sign-ins-section.tsx';

/** `/security`: how the account signs in, where it is signed in, and its recent sign-ins. */
export function SecurityPage() {
  const { t } = useTranslation();
  const customer = useCustomer();
  return (
    <>
      <PageHeader title={t('PAGES.SECURITY.TITLE')} description={t('PAGES.SECURITY.DESCRIPTION')} />
      {customer && <SignInMethodsSection customer={customer} />}
      <SessionsSection />
      <SignInsSection />
      {customer && <DeleteAccountSection customer={customer} />}
    </>
  );
}
