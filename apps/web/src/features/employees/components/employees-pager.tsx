import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface EmployeesPagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** Previous and next page, and where the user is; nothing when everyone fits on one page. */
export function EmployeesPager({ page, pageCount, onPage }: EmployeesPagerProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('EMPLOYEES.PAGES')}>
      <Group justify="space-between" mt="md" mb="xl">
        <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('EMPLOYEES.PREVIOUS')}
        </Button>
        <Text>{t('EMPLOYEES.PAGE_OF', { page, pageCount })}</Text>
        <Button variant="default" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          {t('EMPLOYEES.NEXT')}
        </Button>
      </Group>
    </nav>
  );
}
