import { ErrorCode } from '@pp/contract';
import type { SignOutReason } from '../auth/provider-pages.ts';

/** What the provider's sign-in page says after the api refused the token with `code`. */
export function signInNoticeOf(code: ErrorCode): SignOutReason | undefined {
  return code === ErrorCode.sessionEnded ? 'ended-elsewhere' : undefined;
}
