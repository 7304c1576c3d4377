import type { IdpLogger } from '../../src/options.ts';

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  msg: string;
  obj: object;
}

/** A logger that keeps what it was given, so tests can look at it (and print errors). */
export function recordingLogger(): IdpLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const log = (level: LogEntry['level']) => (obj: object, msg: string) => {
    entries.push({ level, msg, obj });
    if (level === 'error') console.error(msg, obj);
  };
  return { entries, info: log('info'), warn: log('warn'), error: log('error') };
}
