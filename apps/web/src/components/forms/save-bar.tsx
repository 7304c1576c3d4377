import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface SaveBarProps {
  pending: boolean;
  /** Whether anything changed: only then may it be discarded. */
  dirty: boolean;
  onDiscard: () => void;
}

/** Save and discard below a form that edits stored data. */
export function SaveBar({ pending, dirty, onDiscard }: SaveBarProps) {
  const { t } = useTranslation();
  return (
    <Group mb="xl">
      <Button type="submit" loading={pending}>
        {t('ACTIONS.SAVE')}
      </Button>
      <Button variant="default" disabled={!dirty || pending} onClick={onDiscard}>
        {t('ACTIONS.DISCARD')}
      </Button>
    </Group>
  );
}
