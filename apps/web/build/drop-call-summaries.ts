import type { Plugin } from 'vite';

/** A call's `summary: '…',` (or `"…"`), on one line or with its text on the next. */
const SUMMARY = /\bsummary:\s*(['"])(?:\\.|(?!\1)[^\\])*\1,/g;

/** The contract's call declarations, whose summaries are prose for the OpenAPI document. */
const CALLS = /packages\/contract\/src\/calls\/[^/]+\.ts$/;

/** The call declarations without their summaries: the browser never reads them. */
export function dropSummaries(source: string): string {
  return source.replace(SUMMARY, '');
}

/**
 * Leaves the calls' OpenAPI summaries (about 4 KB of English prose) out of the browser's
 * bundle: the web client needs a call's method, path and schemas, and the summaries would ride
 * on the first screen with the contract (decision 0060). The api's OpenAPI document keeps them.
 */
export function dropCallSummaries(): Plugin {
  return {
    name: 'pp-drop-call-summaries',
    apply: 'build',
    transform(code, id) {
      return CALLS.test(id) ? { code: dropSummaries(code), map: null } : undefined;
    },
  };
}
