import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CallDefinition } from '@pp/contract';
import type { CallInput } from '../../lib/api/api-context.ts';
import { useFileDownload } from '../../lib/api/use-file-download.ts';

interface ExportButtonProps<C extends CallDefinition> {
  /** A call that answers a CSV file: the list's export. */
  call: C;
  /** The list's filter and order as on screen, without paging. */
  query: CallInput<C>['query'];
}

/**
 * "Exportieren (CSV)": saves the list as filtered on screen as a file for Excel (decision
 * 0083). The button shows that it works while the file comes; a failure says so beside it.
 */
export function ExportButton<C extends CallDefinition>({ call, query }: ExportButtonProps<C>) {
  const { t } = useTranslation();
  const file = useFileDownload();
  return (
    <>
      <Button
        variant="default"
        loading={file.pending}
        onClick={() => void file.download(call, query)}
      >
        {t('LIST_EXPORT.BUTTON')}
      </Button>
      {file.failed && (
        <Alert role="alert" color="red" variant="outline" w="100%">
          {t('LIST_EXPORT.FAILED')}
        </Alert>
      )}
    </>
  );
}
