import { createContext, useCallback, useContext } from 'react';
import { ErrorCode } from '@pp/contract';
import { errorTextKey } from '../api/error-texts.ts';
import { useUiStore } from '../ui-state/ui-state-context.ts';
import { TOAST_MESSAGES, type ToastStore } from './toast-store.ts';

export const ToastContext = createContext<ToastStore | null>(null);

/** Shows translated toasts: `useToasts().show(TOAST_MESSAGES.SAVE_ERROR)`. */
export function useToasts(): ToastStore {
  const store = useContext(ToastContext);
  if (!store) throw new Error('useToasts needs a ToastContext provider above it');
  return store;
}

/**
 * The toast of a failed load: `MESSAGES.GET_ERROR` (docs/specification.md §8), unless the
 * practice refused it for a missing second factor (the api client marked the UI state before
 * the load failed): then that reason (decisions 0059, 0069), since trying again cannot help.
 * Here rather than in a module of its own: the shell and the screens share it without another
 * chunk.
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
