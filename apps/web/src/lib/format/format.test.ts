import { describe, expect, it } from 'vitest';
import {
  FIRST_DAY_OF_WEEK,
  formatCurrency,
  formatDate,
  formatIsoDate,
  formatTime,
  parseDateInput,
  todayIsoDate,
} from './format.ts';

describe('de-DE formats', () => {
  it('shows dates as dd.MM.yyyy', () => {
    expect(formatDate(new Date('2026-03-07T12:00:00Z'))).toBe('07.03.2026');
    expect(formatIsoDate('2026-12-31')).toBe('31.12.2026');
  });

  it('shows times on the 24-hour clock in German time', () => {
    expect(formatTime(new Date('2026-07-01T13:05:00Z'))).toBe('15:05');
    expect(formatTime(new Date('2026-01-01T23:30:00Z'))).toBe('00:30');
  });

  it("gives today's calendar date in German time, as ISO", () => {
    // 23:30 UTC on New Year's Eve is already the new year in Berlin.
    expect(todayIsoDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(todayIsoDate(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
  });

  it('shows money in euros', () => {
    expect(formatCurrency(1234.5).replace(/\s/g, ' ')).toBe('1.234,50 €');
  });

  it('starts the week on Monday', () => {
    expect(FIRST_DAY_OF_WEEK).toBe(1);
  });
});

describe('date input', () => {
  it.each([
    ['07/03/2026', '2026-03-07'],
    ['7.3.2026', '2026-03-07'],
    ['07.03.2026', '2026-03-07'],
    ['29.02.2028', '2028-02-29'],
  ])('reads %s', (input, iso) => {
    expect(parseDateInput(input)).toBe(iso);
  });

  it.each(['31.02.2026', '29.02.2026', '00.01.2026', '01.13.2026', '2026-03-07', '7.3.26', ''])(
    'refuses %s',
    (input) => {
      expect(parseDateInput(input)).toBeUndefined();
    },
  );
});
