import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

export function NewsletterPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('PAGES.NEWSLETTER.TITLE')}
      description={t('PAGES.NEWSLETTER.DESCRIPTION')}
    />
  );
}
