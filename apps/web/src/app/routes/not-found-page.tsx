import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { PageHeader } from '../../components/page-header.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('NOT_FOUND.TITLE')} />
      <Text mb="lg">{t('NOT_FOUND.TEXT')}</Text>
      <Button component={Link} to={ROUTES.dashboard}>
        {t('NOT_FOUND.BACK')}
      </Button>
    </>
  );
}
