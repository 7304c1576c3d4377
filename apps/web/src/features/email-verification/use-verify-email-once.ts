import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useToasts } from '../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../lib/toasts/toast-store.ts';
import { useVerifyEmail } from './api/verify-email.ts';
import { CONFIRMED_PATH } from './verify-links.ts';

/**
 * Sends the link's secret to `Customer/VerifyEmail` once per secret: React's StrictMode runs
 * effects twice in development, and a second call would answer `link_used`. On success the
 * page moves to {@link CONFIRMED_PATH}; a failure shows `MESSAGES.SAVE_ERROR`.
 */
export function useVerifyEmailOnce(hash: string | null) {
  const verification = useVerifyEmail();
  const toasts = useToasts();
  const navigate = useNavigate();
  const attempted = useRef<string | null>(null);
  const { mutate } = verification;

  const verify = useCallback(
    (secret: string) =>
      mutate(secret, {
        onSuccess: () => void navigate(CONFIRMED_PATH, { replace: true }),
        onError: () => toasts.show(TOAST_MESSAGES.SAVE_ERROR),
      }),
    [mutate, navigate, toasts],
  );

  useEffect(() => {
    if (!hash || attempted.current === hash) return;
    attempted.current = hash;
    verify(hash);
  }, [hash, verify]);

  /** Tries the same link again (after a failure that did not use it up, e.g. no connection). */
  const retry = useCallback(() => {
    if (hash) verify(hash);
  }, [hash, verify]);

  return { verification, retry };
}
