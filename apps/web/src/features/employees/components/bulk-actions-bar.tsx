import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BULK_ACTIONS, type BulkAction, type BulkRowResult } from '@pp/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { useBulkEmployeeAction } from '../api/bulk-action.ts';

/** The people chosen, by id, with the names the result names them by. */
export type Selection = ReadonlyMap<string, string>;

interface Outcome {
  action: BulkAction;
  names: string[];
  results: BulkRowResult[];
}

const TEXT_KEYS: Record<BulkAction, string> = {
  resendInvitation: 'RESEND',
  revokeInvitation: 'REVOKE',
  disable: 'DISABLE',
  enable: 'ENABLE',
};

interface BulkActionsBarProps {
  companyId: string;
  selection: Selection;
  /** Everybody the filter matches, when more than the page shows: chooses them all. */
  onSelectAllMatching?: () => void;
  selectingAll: boolean;
  onClear: () => void;
}

/**
 * What an admin does to several people at once (decision 0084): one confirmation naming how many,
 * one request, and what happened to each person.
 */
export function BulkActionsBar(props: BulkActionsBarProps) {
  const { companyId, selection, onClear } = props;
  const { t } = useTranslation();
  const [asking, setAsking] = useState<{ action: BulkAction; key: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const bulk = useBulkEmployeeAction();
  const count = selection.size;
  const text = (action: BulkAction, part: string) =>
    t(`BULK_ACTIONS.${TEXT_KEYS[action]}_${part}`, { count });

  const confirm = () => {
    if (!asking) return;
    const ids = [...selection.keys()];
    const names = [...selection.values()];
    bulk.mutate(
      { companyId, action: asking.action, customerIds: ids, idempotencyKey: asking.key },
      {
        onSuccess: (answer) => {
          setOutcome({ action: asking.action, names, results: answer.results });
          setAsking(null);
          onClear();
        },
      },
    );
  };

  return (
    <>
      {count > 0 && (
        <section aria-label={t('BULK_ACTIONS.LABEL')} className="employees-bulk-bar">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text fw={600} aria-live="polite">
              {t('BULK_ACTIONS.SELECTED', { count })}
            </Text>
            <Group gap="xs" wrap="wrap">
              {props.onSelectAllMatching && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  loading={props.selectingAll}
                  onClick={props.onSelectAllMatching}
                >
                  {t('BULK_ACTIONS.SELECT_ALL_MATCHING')}
                </Button>
              )}
              {BULK_ACTIONS.map((action) => (
                <Button
                  key={action}
                  size="compact-sm"
                  variant="default"
                  onClick={() => setAsking({ action, key: crypto.randomUUID() })}
                >
                  {text(action, 'BUTTON')}
                </Button>
              ))}
              <Button variant="subtle" size="compact-sm" onClick={onClear}>
                {t('BULK_ACTIONS.CLEAR')}
              </Button>
            </Group>
          </Group>
        </section>
      )}
      {outcome && <BulkOutcome outcome={outcome} onClose={() => setOutcome(null)} />}
      <ConfirmDialog
        opened={asking !== null}
        title={asking ? text(asking.action, 'TITLE') : ''}
        question={asking ? text(asking.action, 'QUESTION') : ''}
        consequences={t('BULK_ACTIONS.RULES')}
        confirmLabel={asking ? text(asking.action, 'BUTTON') : ''}
        danger={asking?.action === 'disable' || asking?.action === 'revokeInvitation'}
        pending={bulk.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      />
      <RefusalAlert error={bulk.error} />
    </>
  );
}

/** The result per person: how many it was done for, and why not for the others. */
function BulkOutcome({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const { t } = useTranslation();
  const done = outcome.results.filter((row) => row.outcome === 'ok').length;
  const refused = outcome.results.filter((row) => row.outcome === 'refused');
  return (
    <Alert
      role="status"
      variant="outline"
      color={refused.length > 0 ? 'orange' : 'teal'}
      mb="md"
      withCloseButton
      closeButtonLabel={t('ACTIONS.CLOSE')}
      onClose={onClose}
      title={t(`BULK_ACTIONS.${TEXT_KEYS[outcome.action]}_DONE`, { count: done })}
    >
      {refused.length > 0 && (
        <>
          <Text size="sm">{t('BULK_ACTIONS.NOT_DONE', { count: refused.length })}</Text>
          <ul className="employees-bulk-refusals">
            {refused.map((row) => (
              <li key={row.index}>
                {outcome.names[row.index]}:{' '}
                {t(`BULK_INVITE.REASONS.${(row.reason ?? 'conflict').toUpperCase()}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </Alert>
  );
}
