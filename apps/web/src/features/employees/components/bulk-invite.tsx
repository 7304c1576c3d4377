import './bulk-invite.css';
import { Alert, Button, FileInput, Group, Text, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BULK_MAX_ROWS, type BulkRowReason } from '@pp/contract';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { DEFAULT_LOCATIONS_VIEW } from '../../../lib/ui-state/api/get-locations.ts';
import { useActiveLocations } from '../../../lib/ui-state/use-active-locations.ts';
import { useInviteEmployees } from '../api/invite-employees.ts';
import { parseInvitations, type LocalProblem, type ParsedRow } from '../bulk/parse-invitations.ts';

type Reason = BulkRowReason | LocalProblem;

interface Checked {
  rows: ParsedRow[];
  /** Per parsed row: null when it can be sent, else why not. */
  reasons: (Reason | null)[];
  /** One key per batch: sending it again never sends a row twice (decision 0084). */
  key: string;
  sent: boolean;
}

/**
 * "Mehrere einladen": addresses pasted (one a line, "Name <address>", columns from Excel) or a CSV
 * file; a preview (a dry run of the same call) names every row's problem; then the rows that can
 * go are sent in one request, and a summary says what happened.
 */
export function BulkInvite({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);
  const invite = useInviteEmployees();
  const locations = useActiveLocations({ ...DEFAULT_LOCATIONS_VIEW, pageSize: 100 }).data;
  const known = useMemo(() => locations?.locationListObjectVms ?? [], [locations]);
  const parsed = useMemo(() => parseInvitations(text, known), [text, known]);
  const tooMany = parsed.length > BULK_MAX_ROWS;

  const ask = async (
    rows: ParsedRow[],
    key: string,
    dryRun: boolean,
    known?: (Reason | null)[],
  ) => {
    const reasons: (Reason | null)[] = known ? [...known] : rows.map((row) => row.problem);
    const sendable = rows.flatMap((_, index) => (reasons[index] ? [] : [index]));
    if (sendable.length > 0) {
      const answer = await invite.mutateAsync({
        companyId,
        dryRun,
        idempotencyKey: dryRun ? undefined : key,
        rows: sendable.map((index) => {
          const { email, firstName, lastName, role, locationIds } = rows[index]!;
          return { email, firstName, lastName, role, locationIds };
        }),
      });
      for (const result of answer.results) reasons[sendable[result.index]!] = result.reason;
    }
    setChecked({ rows, reasons, key, sent: !dryRun });
  };
  const preview = () => void ask(parsed, crypto.randomUUID(), true).catch(() => undefined);
  const send = () => {
    if (!checked) return;
    // Only the rows the preview found fine go; the key stays the batch's on a retry.
    void ask(checked.rows, checked.key, false, checked.reasons).catch(() => undefined);
  };
  const ready = checked ? checked.reasons.filter((reason) => reason === null).length : 0;

  return (
    <div className="bulk-invite">
      <Textarea
        label={t('BULK_INVITE.PASTE')}
        description={t('BULK_INVITE.PASTE_HINT')}
        rows={8}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setChecked(null);
        }}
      />
      <FileInput
        label={t('BULK_INVITE.UPLOAD')}
        description={t('BULK_INVITE.UPLOAD_HINT')}
        accept=".csv,text/csv"
        clearable
        onChange={(file) => {
          setChecked(null);
          if (file) void file.text().then(setText);
        }}
      />
      {tooMany && (
        <Alert role="alert" color="red" variant="outline">
          {t('BULK_INVITE.TOO_MANY', { max: BULK_MAX_ROWS })}
        </Alert>
      )}
      <RefusalAlert error={invite.error} />
      <Group>
        <Button
          onClick={preview}
          loading={invite.isPending && !checked}
          disabled={parsed.length === 0 || tooMany}
          variant={checked ? 'default' : 'filled'}
        >
          {t('BULK_INVITE.CHECK')}
        </Button>
      </Group>
      {checked && <Results checked={checked} locations={known} />}
      {checked && !checked.sent && (
        <Group>
          <Button onClick={send} loading={invite.isPending} disabled={ready === 0}>
            {t('BULK_INVITE.SEND', { count: ready })}
          </Button>
        </Group>
      )}
    </div>
  );
}

function Results({
  checked,
  locations,
}: {
  checked: Checked;
  locations: readonly { locationId: string; name: string }[];
}) {
  const { t } = useTranslation();
  const nameOf = new Map(locations.map((location) => [location.locationId, location.name]));
  const ok = checked.reasons.filter((reason) => reason === null).length;
  const refused = checked.reasons.length - ok;
  const summary = checked.sent
    ? t('BULK_INVITE.SENT_SUMMARY', { sent: ok, refused })
    : t('BULK_INVITE.PREVIEW_SUMMARY', { ready: ok, refused });
  return (
    <section aria-label={t(checked.sent ? 'BULK_INVITE.RESULT' : 'BULK_INVITE.PREVIEW')}>
      <Text role="status" fw={600} mb="sm">
        {summary}
      </Text>
      <div className="bulk-invite-table-frame">
        <table className="bulk-invite-table">
          <thead>
            <tr>
              <th scope="col">{t('BULK_INVITE.LINE')}</th>
              <th scope="col">{t('INVITE.EMAIL')}</th>
              <th scope="col">{t('BULK_INVITE.NAME')}</th>
              <th scope="col">{t('INVITE.ROLE')}</th>
              <th scope="col">{t('INVITE.LOCATIONS')}</th>
              <th scope="col">{t('BULK_INVITE.OUTCOME')}</th>
            </tr>
          </thead>
          <tbody>
            {checked.rows.map((row, index) => {
              const reason = checked.reasons[index];
              return (
                <tr key={row.line} data-outcome={reason ?? 'ok'}>
                  <td>{row.line}</td>
                  <td>{row.email}</td>
                  <td>{[row.firstName, row.lastName].filter(Boolean).join(' ')}</td>
                  <td>{row.roleText ?? t(`ROLES.${row.role.toUpperCase()}`)}</td>
                  <td>{row.locationIds.map((id) => nameOf.get(id) ?? id).join(', ')}</td>
                  <td>
                    {reason ? (
                      <Text c="var(--mantine-color-error)" size="sm">
                        {t(`BULK_INVITE.REASONS.${reason.toUpperCase()}`)}
                      </Text>
                    ) : (
                      <Text size="sm">
                        {t(checked.sent ? 'BULK_INVITE.DONE' : 'BULK_INVITE.READY')}
                      </Text>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
