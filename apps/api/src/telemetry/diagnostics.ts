import { context, diag, DiagLogLevel, ROOT_CONTEXT, type DiagLogger } from '@opentelemetry/api';
import pino from 'pino';

/** A logger the SDK's warnings go to: pino's, the app's or the fallback on standard error. */
export interface WarningLog {
  warn(fields: object, message: string): void;
}

/** The same kind of warning again within this is counted, not written: one line per run. */
const QUIET_MS = 60_000;
/** Lines written within {@link QUIET_MS} at most, of all kinds; the rest are counted. */
const LINES_PER_MINUTE = 5;
/** Kinds of warnings remembered at most. */
const REMEMBERED = 100;
/** A warning's text and each of its details are cut to this many characters. */
const TEXT_CHARS = 200;

const cut = (text: string) =>
  text.length > TEXT_CHARS ? `${text.slice(0, TEXT_CHARS - 1)}…` : text;
const firstLine = (text: string) => text.split('\n', 1)[0] ?? '';
/** A text without what varies from one failure to the next: numbers, ids, times. */
const kindOf = (text: string) => text.replace(/[0-9a-f]{8,}|\d+/gi, '#');

interface Warning {
  /** The text of the line, without stack or the collector's answer. */
  text: string;
  /** What stays the same for the same kind of failure: the limiter's key. */
  kind: string;
  detail: string[];
}

/**
 * The SDK writes an error it could not export with as the JSON of its fields (its
 * `stringifyException`: stack, message, code, name and the collector's answer as `data`).
 */
function exportErrorOf(message: string): Warning | undefined {
  if (!message.startsWith('{')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const fields = parsed as Record<string, unknown>;
  const name = typeof fields['name'] === 'string' ? fields['name'] : 'Error';
  const said = typeof fields['message'] === 'string' ? firstLine(fields['message']) : '';
  const code = typeof fields['code'] === 'string' || typeof fields['code'] === 'number';
  const text = `${name}: ${said}${code ? ` (${String(fields['code'])})` : ''}`;
  const data = fields['data'];
  return {
    text: cut(text),
    kind: kindOf(text),
    detail: typeof data === 'string' && data ? [cut(firstLine(data))] : [],
  };
}

/** What an SDK warning says, in one short line, with short details and no stacks. */
function warningOf(message: string, args: unknown[]): Warning {
  const known = exportErrorOf(message);
  if (known) return known;
  const text = firstLine(message);
  return {
    text: cut(text),
    kind: kindOf(text),
    detail: args.map((arg) =>
      cut(firstLine(arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg))),
    ),
  };
}

/**
 * OpenTelemetry's own diagnostics (a refused or failed export, dropped spans), which the SDK
 * otherwise keeps to itself: its warnings and errors become warning lines of the log, each
 * `OpenTelemetry: …`, short and without stacks. One line a minute at most for each kind of
 * warning (its text without numbers and ids: a collector's answers vary), and
 * {@link LINES_PER_MINUTE} of all kinds; what was left out is counted in the next line of its
 * kind (`repeated`). Written outside any request's trace (they belong to none). Until the app's
 * logger exists ({@link Diagnostics.logTo}) they go to standard error.
 */
export interface Diagnostics {
  logTo(log: WarningLog): void;
  /** Unregisters the logger from the OpenTelemetry API. */
  stop(): void;
}

export function startDiagnostics(): Diagnostics {
  let log: WarningLog = pino({ level: 'warn' }, pino.destination({ dest: 2, sync: true }));
  const seen = new Map<string, { at: number; repeated: number }>();
  let minute = { from: 0, lines: 0 };
  const warn = (message: string, ...args: unknown[]) => {
    const now = Date.now();
    const warning = warningOf(String(message), args);
    const last = seen.get(warning.kind);
    if (last && now - last.at < QUIET_MS) {
      last.repeated += 1;
      return;
    }
    if (now - minute.from >= QUIET_MS) minute = { from: now, lines: 0 };
    if (minute.lines >= LINES_PER_MINUTE) {
      // Written later, with this one counted, once the minute has room.
      if (last) last.repeated += 1;
      else if (seen.size < REMEMBERED) seen.set(warning.kind, { at: -Infinity, repeated: 1 });
      return;
    }
    minute.lines += 1;
    if (!last && seen.size >= REMEMBERED) seen.clear();
    seen.set(warning.kind, { at: now, repeated: 0 });
    const fields = {
      ...(warning.detail.length > 0 ? { detail: warning.detail } : {}),
      ...(last?.repeated ? { repeated: last.repeated } : {}),
    };
    // The export runs in the context of whatever request started its timer: not that trace's.
    context.with(ROOT_CONTEXT, () => log.warn(fields, `OpenTelemetry: ${warning.text}`));
  };
  const quiet = () => undefined;
  const logger: DiagLogger = { error: warn, warn, info: quiet, debug: quiet, verbose: quiet };
  diag.setLogger(logger, { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
  return {
    logTo(next) {
      log = next;
    },
    stop: () => diag.disable(),
  };
}
