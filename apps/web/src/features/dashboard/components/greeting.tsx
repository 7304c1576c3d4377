import { useTranslation } from 'react-i18next';
import type { Customer } from '@pp/contract';
import { PageHeader } from '../../../components/page-header.tsx';
import { greetingName } from '../../../lib/format/greeting-name.ts';

/** The dashboard's heading: "Guten Tag, Frau Dr. Sommer" (decision 0040). */
export function Greeting({ customer }: { customer: Customer | undefined }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'en' ? 'en' : 'de';
  const name = customer ? greetingName(customer, language) : '';

  return (
    <PageHeader
      title={name ? t('DASHBOARD.GREETING', { name }) : t('DASHBOARD.GREETING_WITHOUT_NAME')}
      documentTitle={t('DASHBOARD.TITLE')}
    />
  );
}
