import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityEntry, ActivityPerson } from '@pp/contract';
import { formatDate, formatTime } from '../../../../lib/format/format.ts';

const COLUMNS = [
  'ACTIVITY.COLUMN_TIME',
  'ACTIVITY.COLUMN_WHO',
  'ACTIVITY.COLUMN_WHAT',
  'ACTIVITY.COLUMN_CONCERNING',
  'ACTIVITY.COLUMN_CHANGES',
] as const;

const countryNames = new Map<string, Intl.DisplayNames>();
/** A country's name in the screen's language (`DE` → Deutschland / Germany). */
function countryName(code: string, language: string): string {
  let names = countryNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    countryNames.set(language, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

const ROLE_VALUES = new Set(['member', 'admin', 'superadmin']);
const STATUS_VALUES = new Set(['invited', 'requested', 'enabled', 'disabled']);

interface ActivityTableProps {
  entries: ActivityEntry[];
  /** The table, which takes the focus after a change of page. */
  ref?: Ref<HTMLTableElement>;
}

/**
 * A page of the log: when (dd.MM.yyyy HH:mm, German time), who, what, to whom, old → new, and
 * what an entry records without changing a value ("Rolle: Mitglied"). On a phone each entry is
 * a compact block of lines (activity.css), like the staff list's.
 */
export function ActivityTable({ entries, ref }: ActivityTableProps) {
  const { t, i18n } = useTranslation();
  const person = (who: ActivityPerson | null) =>
    who === null ? '' : who.deleted ? t('ACTIVITY.DELETED_ACCOUNT') : (who.name ?? '');
  const value = (field: string, shown: ActivityEntry['changes'][number]['from']) => {
    if (shown === null || shown === '') return t('ACTIVITY.EMPTY');
    if (field === 'country' && typeof shown === 'string') return countryName(shown, i18n.language);
    if (typeof shown === 'boolean') return t(shown ? 'ACTIVITY.YES' : 'ACTIVITY.NO');
    if (field === 'role' && ROLE_VALUES.has(String(shown))) {
      return t(`ROLES.${String(shown).toUpperCase()}`);
    }
    if (field === 'status' && STATUS_VALUES.has(String(shown))) {
      return t(`EMPLOYEES.STATUS_${String(shown).toUpperCase()}`);
    }
    return String(shown);
  };
  const concerning = ({ action, target }: ActivityEntry) => {
    // A member who deleted their account acted on themself: named once, as who (issue 43).
    if (action === 'employee.account_deleted') return '';
    if (target.type === 'person') return person(target.person);
    if (target.type === 'location') {
      return target.name
        ? `${t('ACTIVITY.LOCATION')}: ${target.name}`
        : t('ACTIVITY.UNKNOWN_LOCATION');
    }
    return target.name ? `${t('ACTIVITY.PRACTICE')}: ${target.name}` : t('ACTIVITY.PRACTICE');
  };
  return (
    <div className="activity-table-frame">
      <table ref={ref} tabIndex={-1} className="activity-table" aria-label={t('ACTIVITY.LIST')}>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {t(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const at = new Date(entry.at);
            return (
              <tr key={entry.id}>
                <td className="activity-time">
                  {formatDate(at)} {formatTime(at)}
                </td>
                <td data-label={t('ACTIVITY.COLUMN_WHO')}>{person(entry.actor)}</td>
                <td className="activity-what">
                  {t(`ACTIVITY.ACTIONS.${entry.action.replaceAll('.', '_').toUpperCase()}`, {
                    defaultValue: entry.action,
                  })}
                </td>
                <td data-label={t('ACTIVITY.COLUMN_CONCERNING')} className="activity-concerning">
                  {concerning(entry)}
                </td>
                <td className="activity-changes">
                  {entry.changes.length + entry.details.length > 0 && (
                    <ul>
                      {entry.changes.map((change) => {
                        const field = t(`ACTIVITY.FIELDS.${change.field.toUpperCase()}`, {
                          defaultValue: change.field,
                        });
                        return (
                          <li key={change.field}>
                            {change.from === null && change.to === null
                              ? field
                              : t('ACTIVITY.CHANGE', {
                                  field,
                                  from: value(change.field, change.from),
                                  to: value(change.field, change.to),
                                })}
                          </li>
                        );
                      })}
                      {entry.details.map((detail) => (
                        <li key={`detail-${detail.field}`}>
                          {t('ACTIVITY.DETAIL', {
                            field: t(`ACTIVITY.FIELDS.${detail.field.toUpperCase()}`, {
                              defaultValue: detail.field,
                            }),
                            value: value(detail.field, detail.value),
                          })}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
