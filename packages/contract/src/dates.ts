/**
 * Parses a date typed as DD/MM/YYYY or D.M.YYYY (one- or two-digit day and month) into an ISO
 * date `YYYY-MM-DD`; impossible dates (31.02.2026) and other shapes give undefined.
 */
export function parseGermanDate(input: string): string | undefined {
  const match = /^\s*(\d{1,2})([./])(\d{1,2})\2(\d{4})\s*$/.exec(input);
  if (!match) return undefined;
  const day = Number(match[1]);
  const month = Number(match[3]);
  const year = Number(match[4]);
  if (month < 1 || month > 12 || day < 1) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return undefined;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Formats an ISO date `YYYY-MM-DD` as dd.MM.yyyy. */
export function formatGermanDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}
