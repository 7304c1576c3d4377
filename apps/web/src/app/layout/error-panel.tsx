import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { PageHeader } from '../../components/page-header.tsx';

interface ErrorPanelProps {
  /** `update`: the screen's code is gone, a new version was deployed; `error`: anything else. */
  kind: 'update' | 'error';
}

/** What shows instead of a screen that could not be shown (route-error-boundary.tsx). */
export function ErrorPanel({ kind }: ErrorPanelProps) {
  const { t } = useTranslation();
  const update = kind === 'update';
  return (
    <section data-error-panel={kind}>
      <PageHeader title={t(update ? 'ERROR_PAGE.UPDATE_TITLE' : 'ERROR_PAGE.TITLE')} />
      <Text mb="lg">{t(update ? 'ERROR_PAGE.UPDATE_TEXT' : 'ERROR_PAGE.TEXT')}</Text>
      <Group gap="sm">
        <Button onClick={() => window.location.reload()}>{t('ERROR_PAGE.RELOAD')}</Button>
        {!update && (
          <Button component={Link} to={ROUTES.dashboard} variant="default">
            {t('ERROR_PAGE.BACK')}
          </Button>
        )}
      </Group>
    </section>
  );
}
