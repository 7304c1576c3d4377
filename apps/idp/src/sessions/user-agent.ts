import Bowser from 'bowser';

/** The longest user agent kept; longer ones are cut (nobody's real browser sends more). */
export const MAX_USER_AGENT = 512;

/** A request's `User-Agent`, cut to {@link MAX_USER_AGENT}, without control characters. */
export function keptUserAgent(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? (header[0] ?? '') : (header ?? '');
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, MAX_USER_AGENT);
}

export interface BrowserDescription {
  /** e.g. "Firefox 128"; empty when the user agent names none. */
  browser: string;
  /** e.g. "Windows 10", "macOS"; empty when the user agent names none. */
  system: string;
}

const major = (version: string | undefined) => version?.split('.')[0] ?? '';

/** Browser and operating system named by a user agent (bowser), for people to recognise. */
export function describeUserAgent(userAgent: string): BrowserDescription {
  if (!userAgent) return { browser: '', system: '' };
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, major(parsed.browser.version)].filter(Boolean).join(' ');
  const system = [parsed.os.name, parsed.os.versionName ?? major(parsed.os.version)]
    .filter(Boolean)
    .join(' ');
  return { browser, system };
}

/** "Firefox 128 on Windows 10" style, for mails; the raw user agent's start when unknown. */
export function browserLine(userAgent: string, on: string): string {
  const { browser, system } = describeUserAgent(userAgent);
  if (browser && system) return `${browser} ${on} ${system}`;
  return browser || system || userAgent.slice(0, 80) || '?';
}
