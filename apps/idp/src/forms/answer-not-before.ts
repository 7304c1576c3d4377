import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Whether an address has an account must not show in the answer's time either (security finding
 * 23.4): a form that mails a link, or registers, does a few milliseconds more work for one kind
 * of address than for the other. A valid request is therefore answered no sooner than this after
 * it arrived, far longer than that work takes, so both wait for the same moment. The mail is
 * still written before the answer (the page promises it, and whoever reads the mailbox next
 * finds it).
 */
export const ANSWER_NOT_BEFORE_MS = 100;

/** Waits until `ANSWER_NOT_BEFORE_MS` have passed since `started` (a `performance.now()`). */
export async function answerNotBefore(started: number): Promise<void> {
  const left = ANSWER_NOT_BEFORE_MS - (performance.now() - started);
  if (left > 0) await sleep(left);
}
