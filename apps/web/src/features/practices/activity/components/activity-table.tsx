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

const ROLE_VALUES = new Set(['member', 'admin', 'superadmin']);
const STATUS_VALUES = new Set(['invited', 'requested', 'enabled', 'disabled']);

interface ActivityTableProps {
  entries: ActivityEntry[];
  /** The table, which takes the focus after a change of page. */
  ref?: Ref<HTMLTableElement>;
}

/** A page of the log: when (dd.MM.yyyy HH:mm, German time), who, what, to whom, old → new. */
export function ActivityTable({ entries, ref }: ActivityTableProps) {
  const { t } = useTranslation();
  const person = (who: ActivityPerson | null) =>
    who === null ? '' : who.deleted ? t('ACTIVITY.DELETED_ACCOUNT') : (who.name ?? '');
  const value = (field: string, shown: ActivityEntry['changes'][number]['from']) => {
    if (shown === null || shown === '') return t('ACTIVITY.EMPTY');
    if (typeof shown === 'boolean') return t(shown ? 'ACTIVITY.YES' : 'ACTIVITY.NO');
    if (field === 'role' && ROLE_VALUES.has(String(shown))) {
      return t(`ROLES.${String(shown).toUpperCase()}`);
    }
    if (field === 'status' && STATUS_VALUES.has(String(shown))) {
      return t(`EMPLOYEES.STATUS_${String(shown).toUpperCase()}`);
    }
    return String(shown);
  };
  const concerning = ({ target }: ActivityEntry) => {
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
                <td>{person(entry.actor)}</td>
                <td>
                  {t(`ACTIVITY.ACTIONS.${entry.action.replaceAll('.', '_').toUpperCase()}`, {
                    defaultValue: entry.action,
                  })}
                </td>
                <td>{concerning(entry)}</td>
                <td>
                  {entry.changes.length > 0 && (
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
