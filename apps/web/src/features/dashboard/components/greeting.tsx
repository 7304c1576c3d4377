import { useTranslation } from 'react-i18next';
import type { Customer } from '@pp/contract';
import { PageHeader } from '../../../components/page-header.tsx';
import { usePicklists } from '../../../lib/ui-state/api/get-picklists.ts';
import { greetingName } from '../greeting-name.ts';

/** The dashboard's heading: a greeting with salutation, title and name. */
export function Greeting({ customer }: { customer: Customer | undefined }) {
  const { t } = useTranslation();
  const picklists = usePicklists();
  const salutation = picklists.data?.salutation.values.find(
    (entry) => entry.value === customer?.salutation,
  )?.label;
  const title = customer?.title ? t(`TITLES.${customer.title}`) : undefined;
  const name = customer ? greetingName(customer, { salutation, title }) : '';

  return (
    <PageHeader
      title={name ? t('DASHBOARD.GREETING', { name }) : t('DASHBOARD.GREETING_WITHOUT_NAME')}
      documentTitle={t('DASHBOARD.TITLE')}
    />
  );
}
