import { Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface PageHeaderProps {
  title: string;
  description?: string;
  /** What the browser tab says, when it differs from the heading. */
  documentTitle?: string;
}

/** A screen's heading (the one `h1`) and its lead; also names the browser tab after it. */
export function PageHeader({ title, description, documentTitle = title }: PageHeaderProps) {
  const { t } = useTranslation();

  useEffect(() => {
    document.title = `${documentTitle} – ${t('APP.NAME')}`;
  }, [documentTitle, t]);

  return (
    <Stack gap="xs" mb="lg">
      <Title order={1} tabIndex={-1} className="page-heading">
        {title}
      </Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
