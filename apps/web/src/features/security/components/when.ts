import { formatDate, formatTime } from '../../../lib/format/format.ts';

/** A moment as "dd.MM.yyyy, HH:mm" in German time (docs/specification.md §9). */
export function formatMoment(iso: string): string {
  const moment = new Date(iso);
  return `${formatDate(moment)}, ${formatTime(moment)}`;
}
