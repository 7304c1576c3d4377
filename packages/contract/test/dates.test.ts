import { describe, expect, it } from 'vitest';
import { formatGermanDate, parseGermanDate } from '../src/dates.ts';

describe('parseGermanDate', () => {
  it.each([
    ['24/12/2026', '2026-12-24'],
    ['24.12.2026', '2026-12-24'],
    ['1.2.2026', '2026-02-01'],
    ['01.2.2026', '2026-02-01'],
    ['1/02/2026', '2026-02-01'],
    ['29.02.2028', '2028-02-29'],
    [' 07.03.1985 ', '1985-03-07'],
  ])('reads %j as %s', (input, iso) => {
    expect(parseGermanDate(input)).toBe(iso);
  });

  it.each([
    '31.02.2026',
    '29.02.2026',
    '31.04.2026',
    '00.01.2026',
    '12.13.2026',
    '12.00.2026',
    '24.12/2026',
    '2026-12-24',
    '24.12.26',
    '123.1.2026',
    '',
    'morgen',
  ])('refuses %j', (input) => {
    expect(parseGermanDate(input)).toBeUndefined();
  });
});

describe('formatGermanDate', () => {
  it('shows dd.MM.yyyy', () => {
    expect(formatGermanDate('2026-02-01')).toBe('01.02.2026');
  });
});
