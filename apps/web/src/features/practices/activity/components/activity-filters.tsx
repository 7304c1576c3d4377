import { Button, NativeSelect, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_KIND_NAMES, type ActivityKind } from '@pp/contract';
import { formatIsoDate, parseDateInput } from '../../../../lib/format/format.ts';
import type { ActivityView } from '../activity-view.ts';

interface ActivityFiltersProps {
  view: ActivityView;
  /** Everyone the log names, by their current names. */
  people: { customerId: string; name: string }[];
  onChange: (changes: Partial<ActivityView>) => void;
}

const PAGE_SIZES = ['10', '25', '50', '100'];

/** Whose entries (who acted or to whom), which kind, which days, how many on a page. */
export function ActivityFilters({ view, people, onChange }: ActivityFiltersProps) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(view.from ? formatIsoDate(view.from) : '');
  const [to, setTo] = useState(view.to ? formatIsoDate(view.to) : '');
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});

  const applyDates = (event: FormEvent) => {
    event.preventDefault();
    const fromIso = from.trim() ? parseDateInput(from) : undefined;
    const toIso = to.trim() ? parseDateInput(to) : undefined;
    const found: { from?: string; to?: string } = {};
    if (from.trim() && !fromIso) found.from = t('ACTIVITY.DATE_INVALID');
    if (to.trim() && !toIso) found.to = t('ACTIVITY.DATE_INVALID');
    else if (fromIso && toIso && toIso < fromIso) found.to = t('ACTIVITY.RANGE_INVALID');
    setErrors(found);
    if (found.from || found.to) return;
    onChange({ from: fromIso, to: toIso, page: 1 });
  };

  const personOptions = [
    { value: '', label: t('ACTIVITY.PERSON_ALL') },
    ...people.map((person) => ({ value: person.customerId, label: person.name })),
  ];
  // A person in the URL whom the log does not name (yet) stays selectable.
  if (view.customerId && !people.some((person) => person.customerId === view.customerId)) {
    personOptions.push({ value: view.customerId, label: view.customerId });
  }
  const kindOptions = [
    { value: '', label: t('ACTIVITY.KIND_ALL') },
    ...ACTIVITY_KIND_NAMES.map((kind) => ({
      value: kind,
      label: t(`ACTIVITY.KINDS.${kind.toUpperCase()}`),
    })),
  ];

  return (
    <div className="activity-toolbar">
      <NativeSelect
        label={t('ACTIVITY.PERSON')}
        data={personOptions}
        value={view.customerId ?? ''}
        onChange={(event) =>
          onChange({ customerId: event.currentTarget.value || undefined, page: 1 })
        }
      />
      <NativeSelect
        label={t('ACTIVITY.KIND')}
        data={kindOptions}
        value={view.kind ?? ''}
        onChange={(event) => {
          const value = event.currentTarget.value;
          const kind = ACTIVITY_KIND_NAMES.find(
            (allowed): allowed is ActivityKind => allowed === value,
          );
          onChange({ kind, page: 1 });
        }}
      />
      <NativeSelect
        label={t('ACTIVITY.PAGE_SIZE')}
        data={PAGE_SIZES}
        value={String(view.pageSize)}
        onChange={(event) => onChange({ pageSize: Number(event.currentTarget.value), page: 1 })}
      />
      <form className="activity-dates" onSubmit={applyDates} noValidate>
        <TextInput
          label={t('ACTIVITY.FROM')}
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
          error={errors.from}
          inputMode="numeric"
          autoComplete="off"
        />
        <TextInput
          label={t('ACTIVITY.TO')}
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          error={errors.to}
          inputMode="numeric"
          autoComplete="off"
        />
        <Button type="submit" variant="default">
          {t('ACTIVITY.APPLY_DATES')}
        </Button>
      </form>
    </div>
  );
}
