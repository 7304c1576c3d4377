import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONNECT_SECTION_LINK } from '../practice-links.ts';

interface DuplicateQuestionProps {
  pending: boolean;
  onCreateAnyway: () => void;
}

/**
 * The api knows a practice with this name and postal code (`409 possible_duplicate`, without
 * saying which): asks whether to connect to it instead, or to add this one anyway.
 */
export function DuplicateQuestion({ pending, onCreateAnyway }: DuplicateQuestionProps) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    root.current?.focus();
  }, []);

  return (
    <Alert
      ref={root}
      tabIndex={-1}
      role="alert"
      color="blue"
      variant="outline"
      mt="xl"
      title={t('ADD_PRACTICE.DUPLICATE_TITLE')}
    >
      <Text size="sm" mb="md">
        {t('ADD_PRACTICE.DUPLICATE_TEXT')}
      </Text>
      <Group>
        <Button component={Link} to={CONNECT_SECTION_LINK} variant="default">
          {t('ADD_PRACTICE.CONNECT_INSTEAD')}
        </Button>
        <Button loading={pending} onClick={onCreateAnyway}>
          {t('ADD_PRACTICE.CREATE_ANYWAY')}
        </Button>
      </Group>
    </Alert>
  );
}
