import { ActionIcon, Loader, TextInput } from '@mantine/core';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatGermanDate, parseGermanDate } from '@pp/contract';
import { CalendarIcon } from './calendar-icon.tsx';
import './birth-date-field.css';

const loadCalendar = () => import('./birth-date-calendar.tsx');
const BirthDateCalendar = lazy(async () => ({ default: (await loadCalendar()).BirthDateCalendar }));

interface BirthDateFieldProps {
  registration: UseFormRegisterReturn<'dateOfBirth'>;
  /** What the field holds now, as typed. */
  typed: string;
  error: string | undefined;
  /** Sets the field's text (a typed date tidied up, or a date from the calendar). */
  onChange: (text: string) => void;
}

/**
 * The date of birth, typed as DD/MM/YYYY or D.M.YYYY and shown as dd.MM.yyyy once it is
 * complete, or chosen in the calendar beside it (loaded when the pointer or focus reaches
 * its button, so the screen itself stays light).
 */
export function BirthDateField({ registration, typed, error, onChange }: BirthDateFieldProps) {
  const { t } = useTranslation();
  const calendarId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  const iso = parseGermanDate(typed);

  const close = useCallback((returnFocus: boolean) => {
    setOpened(false);
    if (returnFocus) toggle.current?.focus();
  }, []);

  const calendarButton = (
    <ActionIcon
      ref={toggle}
      variant="subtle"
      color="gray"
      aria-label={t('PROFILE.OPEN_CALENDAR')}
      title={t('PROFILE.OPEN_CALENDAR')}
      aria-haspopup="dialog"
      aria-expanded={opened}
      aria-controls={opened ? calendarId : undefined}
      onPointerEnter={() => void loadCalendar()}
      onFocus={() => void loadCalendar()}
      onClick={() => setOpened((current) => !current)}
    >
      <CalendarIcon />
    </ActionIcon>
  );

  return (
    <TextInput
      {...registration}
      onBlur={(event) => {
        if (iso && formatGermanDate(iso) !== typed) onChange(formatGermanDate(iso));
        void registration.onBlur(event);
      }}
      label={t('PROFILE.DATE_OF_BIRTH')}
      description={t('PROFILE.DATE_FORMAT_HINT')}
      placeholder={t('PROFILE.DATE_PLACEHOLDER')}
      autoComplete="bday"
      error={error}
      rightSectionWidth={42}
      rightSectionPointerEvents="all"
      rightSection={calendarButton}
      inputContainer={(input) => (
        <div className="birth-date-field">
          {input}
          {opened && (
            <Suspense fallback={<Loader size="sm" className="birth-date-calendar" />}>
              <BirthDateCalendar
                id={calendarId}
                value={iso}
                toggle={toggle}
                onClose={close}
                onPick={(picked) => {
                  onChange(formatGermanDate(picked));
                  close(true);
                }}
              />
            </Suspense>
          )}
        </div>
      )}
    />
  );
}
