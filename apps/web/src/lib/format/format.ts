import { formatGermanDate, parseGermanDate } from '@pp/contract';

/**
 * The portal formats dates, times and money the German way in both languages
 * (docs/specification.md §9).
 */
export const LOCALE = 'de-DE';
export const CURRENCY = 'EUR';
/** Weeks start on Monday (1; Sunday is 0), for calendars and date pickers. */
export const FIRST_DAY_OF_WEEK = 1;

/**
 * An Intl formatter costs milliseconds to make (a fifth of a long task when a screen loads on a
 * slow phone, issue 28), and most screens format no moment: each is made when first used.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** A formatter of moments in German time, made when first used. */
const inBerlin = (locale: string, options: Intl.DateTimeFormatOptions = {}) =>
  once(() => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'Europe/Berlin' }));

const dateFormat = inBerlin(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = inBerlin(LOCALE, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const currencyFormat = once(
  () => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY }),
);
/** Swedish writes a calendar date as ISO does: `YYYY-MM-DD`. */
const isoDateFormat = inBerlin('sv-SE');

/** A moment as dd.MM.yyyy, in German time. */
export function formatDate(moment: Date): string {
  return dateFormat().format(moment);
}

/** An ISO calendar date `YYYY-MM-DD` (no time zone) as dd.MM.yyyy. */
export function formatIsoDate(iso: string): string {
  return formatGermanDate(iso);
}

/** A moment's time of day, 24-hour clock, in German time. */
export function formatTime(moment: Date): string {
  return timeFormat().format(moment);
}

/** An amount of euros, `1.234,50 €`. */
export function formatCurrency(amount: number): string {
  return currencyFormat().format(amount);
}

/** Today's calendar date in German time, as ISO `YYYY-MM-DD`. */
export function todayIsoDate(now: Date = new Date()): string {
  return isoDateFormat().format(now);
}

/** A date typed as DD/MM/YYYY or D.M.YYYY, as ISO `YYYY-MM-DD`; undefined when impossible. */
export const parseDateInput = parseGermanDate;
