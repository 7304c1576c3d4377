import { useCallback } from 'react';
import { ErrorCode } from '@pp/contract';
import { errorTextKey } from '../api/error-texts.ts';
import { useUiStore } from '../ui-state/ui-state-context.ts';
import { useToasts } from './toast-context.ts';
import { TOAST_MESSAGES } from './toast-store.ts';

/**
 * The toast of a failed load: `MESSAGES.GET_ERROR` (docs/specification.md §8), unless the
 * practice refused it for a missing second factor (the api client marked the UI state before
 * the load failed): then that reason (decisions 0059, 0069), since trying again cannot help.
 */
export function useLoadFailureToast(): () => void {
  const toasts = useToasts();
  const store = useUiStore();
  return useCallback(
    () =>
      toasts.show(
        store.getState().secondFactorRequired
          ? errorTextKey(ErrorCode.secondFactorRequired)
          : TOAST_MESSAGES.GET_ERROR,
      ),
    [toasts, store],
  );
}
