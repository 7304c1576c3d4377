import { ErrorCode } from '@pp/contract';
import { ApiCallError } from '../api/api-context.ts';
import { errorTextKey } from '../api/error-texts.ts';

/** Failures with nothing to say but "it did not work": the server's fault, or no server. */
const NO_REASON: readonly ErrorCode[] = [ErrorCode.internal, ErrorCode.unavailable];

/**
 * The toast of a failed action: the refusal's own words (`ERRORS.<code>`: too many attempts,
 * a disabled practice, a shared mailbox) or, when the server failed or could not be reached,
 * `fallback`. The saves of the specification's error catalogue keep their fixed toast
 * (`failedToast` of `useSaveForm`, decision 0059).
 */
export function failureToastKey(error: unknown, fallback: string): string {
  if (!(error instanceof ApiCallError) || NO_REASON.includes(error.code)) return fallback;
  return errorTextKey(error.code);
}
