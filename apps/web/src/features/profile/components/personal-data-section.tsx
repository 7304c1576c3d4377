import { Alert, Anchor, Button, Card, Group, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type PersonalDataExport } from '@pp/contract';
import { ApiCallError } from '../../../lib/api/api-context.ts';
import { useExportPersonalData } from '../api/export-personal-data.ts';
import {
  personalDataFile,
  releaseFile,
  saveFile,
  type PersonalDataFile,
} from '../personal-data-file.ts';
import { PersonalDataSummary } from './personal-data-summary.tsx';

interface Taken {
  data: PersonalDataExport;
  file: PersonalDataFile;
}

/**
 * "Meine Daten" (decision 0079): one click saves everything the portal holds about the person
 * as a JSON file and shows it below as a readable summary; the file can be saved again from
 * there without another export (they are limited to a few a day).
 */
export function PersonalDataSection() {
  const { t } = useTranslation();
  const exportData = useExportPersonalData();
  const [taken, setTaken] = useState<Taken>();
  useEffect(() => () => releaseFile(taken?.file), [taken]);

  const takeExport = () =>
    exportData.mutate(undefined, {
      onSuccess: (data) => {
        const file = personalDataFile(data, t('PERSONAL_DATA.FILE_NAME'));
        saveFile(file);
        setTaken({ data, file });
      },
    });
  const limited =
    exportData.error instanceof ApiCallError && exportData.error.code === ErrorCode.rateLimited;

  return (
    <Card withBorder component="section" mb="lg" aria-labelledby="personal-data-heading">
      <Title order={2} size="h4" id="personal-data-heading" mb="xs">
        {t('PERSONAL_DATA.TITLE')}
      </Title>
      <Text>{t('PERSONAL_DATA.DESCRIPTION')}</Text>
      <Text size="sm" c="dimmed" mt={4}>
        {t('PERSONAL_DATA.LIMIT_HINT')}
      </Text>
      <Group mt="md">
        <Button variant="default" loading={exportData.isPending} onClick={takeExport}>
          {t('PERSONAL_DATA.DOWNLOAD')}
        </Button>
        {taken && (
          <Anchor href={taken.file.url} download={taken.file.name}>
            {t('PERSONAL_DATA.SAVE_AGAIN', { name: taken.file.name })}
          </Anchor>
        )}
      </Group>
      {exportData.isError && (
        <Alert role="alert" color="red" variant="outline" mt="md">
          {t(limited ? 'PERSONAL_DATA.LIMITED' : 'PERSONAL_DATA.FAILED')}
        </Alert>
      )}
      {taken && <PersonalDataSummary data={taken.data} />}
    </Card>
  );
}
