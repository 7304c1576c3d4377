import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPager } from '../../../../components/lists/list-pager.tsx';
import { useActivityLog, useExportActivityLog } from '../api/activity-log.ts';
import { activityViewParams, readActivityView, type ActivityView } from '../activity-view.ts';
import { ActivityFilters } from './activity-filters.tsx';
import { ActivityTable } from './activity-table.tsx';
import './activity.css';

/**
 * The practice's activity log a page at a time, newest first, filtered by person, kind and days
 * (decision 0082). The view lives in the URL; the filtered view exports as CSV.
 */
export function ActivityOverview({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = readActivityView(params);
  const log = useActivityLog(companyId, view);
  const language = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'de';
  const exporting = useExportActivityLog(companyId, view, language);
  const data = log.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const narrowed = Boolean(view.customerId || view.kind || view.from || view.to);
  const table = useRef<HTMLTableElement>(null);

  const show = (changes: Partial<ActivityView>) =>
    setParams(activityViewParams({ ...view, ...changes }), { preventScrollReset: true });

  const pastTheEnd = data !== undefined && data.total > 0 && view.page > pageCount;
  useEffect(() => {
    if (pastTheEnd) setParams(activityViewParams({ ...view, page: pageCount }), { replace: true });
  });

  return (
    <>
      <ActivityFilters view={view} people={data?.people ?? []} onChange={show} />
      <Group justify="space-between" mb="md" wrap="wrap">
        <Text aria-live="polite">{data && t('ACTIVITY.COUNT', { total: data.total })}</Text>
        <Button
          variant="default"
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
          disabled={data?.total === 0}
        >
          {t('ACTIVITY.EXPORT')}
        </Button>
      </Group>
      <div aria-live="polite">
        {exporting.isSuccess && (
          <Text mb="md">{t('ACTIVITY.EXPORTED', { fileName: exporting.data.fileName })}</Text>
        )}
        {exporting.isError && (
          <Alert role="alert" color="red" variant="outline" mb="md">
            {t('ACTIVITY.EXPORT_FAILED')}
          </Alert>
        )}
      </div>
      {log.isError && (
        <Alert role="alert" color="red" variant="outline" mb="lg">
          {t('MESSAGES.GET_ERROR')}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void log.refetch()}>
            {t('ACTIONS.RETRY')}
          </Button>
        </Alert>
      )}
      {data?.total === 0 && (
        <Text mb="xl">
          {narrowed ? t('ACTIVITY.NONE_FOUND') : t('ACTIVITY.NONE')}{' '}
          {narrowed && (
            <Button
              variant="subtle"
              size="compact-md"
              onClick={() =>
                show({
                  customerId: undefined,
                  kind: undefined,
                  from: undefined,
                  to: undefined,
                  page: 1,
                })
              }
            >
              {t('ACTIVITY.SHOW_ALL')}
            </Button>
          )}
        </Text>
      )}
      {data && data.entries.length > 0 && <ActivityTable ref={table} entries={data.entries} />}
      <ListPager
        list={table}
        label={t('ACTIVITY.PAGES')}
        page={view.page}
        pageCount={pageCount}
        onPage={(page) => show({ page })}
      />
    </>
  );
}
