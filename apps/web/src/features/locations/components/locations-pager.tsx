import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface LocationsPagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** Previous and next page, and where the user is; nothing when everything fits on one page. */
export function LocationsPager({ page, pageCount, onPage }: LocationsPagerProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('LOCATIONS.PAGES')}>
      <Group justify="space-between" mt="md" mb="xl">
        <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('LOCATIONS.PREVIOUS')}
        </Button>
        <Text>{t('LOCATIONS.PAGE_OF', { page, pageCount })}</Text>
        <Button variant="default" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          {t('LOCATIONS.NEXT')}
        </Button>
      </Group>
    </nav>
  );
}
