import { DatePicker, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_DAY_OF_WEEK, todayIsoDate } from '../../../lib/format/format.ts';

export interface BirthDateCalendarProps {
  id: string;
  /** The date the field holds now (ISO), if it holds a valid one. */
  value: string | undefined;
  onPick: (iso: string) => void;
  /** Closes the calendar; `returnFocus` when the user left it with Escape. */
  onClose: (returnFocus: boolean) => void;
  /** The button that opens it: a click there is not a click outside. */
  toggle: RefObject<HTMLElement | null>;
}

const EARLIEST = '1900-01-01';

/**
 * The calendar of the date of birth (WAI-ARIA date picker dialog, non-modal): focus moves into
 * it, Escape, a click outside or tabbing out closes it. Weeks start on Monday in both
 * languages, month and weekday names follow the interface language. Its own chunk: the date
 * library loads when the calendar is first wanted.
 */
export function BirthDateCalendar({ id, value, onPick, onClose, toggle }: BirthDateCalendarProps) {
  const { t, i18n } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const locale = i18n.resolvedLanguage === 'en' ? 'en' : 'de';

  useEffect(() => {
    const root = panel.current;
    // The grid's day (or year) in tab order: the chosen date, else one of the shown month.
    const start =
      root?.querySelector<HTMLElement>('table button[tabindex="0"]') ??
      root?.querySelector<HTMLElement>('button:not([disabled])');
    start?.focus({ preventScroll: true });
    // Below a field near the bottom of a phone's screen it would open out of sight.
    root?.scrollIntoView?.({ block: 'nearest' });
    const outside = (event: Event) => {
      const target = event.target;
      if (!(target instanceof Node) || root?.contains(target)) return;
      if (toggle.current?.contains(target)) return;
      onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [onClose, toggle]);

  return (
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-label={t('PROFILE.CALENDAR')}
      className="birth-date-calendar"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose(true);
      }}
    >
      <DatesProvider settings={{ locale, firstDayOfWeek: FIRST_DAY_OF_WEEK }}>
        <DatePicker
          value={value ?? null}
          defaultDate={value ?? '1985-01-01'}
          defaultLevel={value ? 'month' : 'decade'}
          minDate={EARLIEST}
          maxDate={todayIsoDate()}
          previousLabel={t('PROFILE.CALENDAR_PREVIOUS')}
          nextLabel={t('PROFILE.CALENDAR_NEXT')}
          ariaLabels={{
            monthLevelControl: t('PROFILE.CALENDAR_CHOOSE_MONTH'),
            yearLevelControl: t('PROFILE.CALENDAR_CHOOSE_YEAR'),
          }}
          onChange={(picked) => {
            if (picked) onPick(picked);
          }}
        />
      </DatesProvider>
    </div>
  );
}
