import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient } from '../../../../lib/api/api-context.ts';
import { useLoadFailureToast } from '../../../../lib/toasts/toast-context.ts';
import { activityFilters, type ActivityView } from '../activity-view.ts';

/**
 * A page of the practice's activity log (`Company/GetActivityLog`); the list keeps the previous
 * page while the next one loads. A failed load shows `MESSAGES.GET_ERROR` once.
 */
export function useActivityLog(companyId: string, view: ActivityView) {
  const client = useApiClient();
  const loadFailed = useLoadFailureToast();
  const query = { companyId, page: view.page, pageSize: view.pageSize, ...activityFilters(view) };
  return useQuery({
    queryKey: ['Company', 'GetActivityLog', query],
    queryFn: async ({ signal }) => {
      try {
        return await client.call(calls.companyGetActivityLog, { query, signal });
      } catch (error) {
        if (!signal.aborted) loadFailed();
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Saves a file the browser received as text (the CSV export). */
function download(fileName: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `Company/ExportActivityLog`: the filtered view as a CSV file, saved by the browser. */
export function useExportActivityLog(companyId: string, view: ActivityView, language: 'de' | 'en') {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const file = await client.call(calls.companyExportActivityLog, {
        body: { companyId, language, ...activityFilters(view) },
      });
      download(file.fileName, file.content);
      return file;
    },
    // The export is itself an entry of the log: shown at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['Company', 'GetActivityLog'] }),
  });
}
