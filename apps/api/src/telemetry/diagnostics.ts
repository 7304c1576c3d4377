import { diag, DiagLogLevel, type DiagLogger } from '@opentelemetry/api';
import pino from 'pino';

/** A logger the SDK's warnings go to: pino's, the app's or the fallback on standard error. */
export interface WarningLog {
  warn(fields: object, message: string): void;
}

/** The same warning again within this is counted, not written: one line per run of failures. */
const QUIET_MS = 60_000;
/** Distinct warnings remembered at most (a collector's answers could vary without end). */
const REMEMBERED = 100;

/** What an SDK warning's extra arguments say, without their stacks. */
function detailOf(args: unknown[]): string[] {
  return args.map((arg) => (arg instanceof Error ? arg.message : String(arg)));
}

/**
 * OpenTelemetry's own diagnostics (a refused or failed export, dropped spans), which the SDK
 * otherwise keeps to itself: its warnings and errors become warning lines of the log, each
 * `OpenTelemetry: …`, once a minute at most for the same one (with how often it recurred). Until
 * the app's logger exists ({@link Diagnostics.logTo}) they go to standard error.
 */
export interface Diagnostics {
  logTo(log: WarningLog): void;
  /** Unregisters the logger from the OpenTelemetry API. */
  stop(): void;
}

export function startDiagnostics(): Diagnostics {
  let log: WarningLog = pino({ level: 'warn' }, pino.destination({ dest: 2, sync: true }));
  const seen = new Map<string, { at: number; repeated: number }>();
  const warn = (message: string, ...args: unknown[]) => {
    const now = Date.now();
    const last = seen.get(message);
    if (last && now - last.at < QUIET_MS) {
      last.repeated += 1;
      return;
    }
    if (seen.size >= REMEMBERED) seen.clear();
    seen.set(message, { at: now, repeated: 0 });
    const detail = detailOf(args);
    log.warn(
      {
        ...(detail.length > 0 ? { detail } : {}),
        ...(last?.repeated ? { repeated: last.repeated } : {}),
      },
      `OpenTelemetry: ${message}`,
    );
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
