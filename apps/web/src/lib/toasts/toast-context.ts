import { createContext, useContext } from 'react';
import type { ToastStore } from './toast-store.ts';

export const ToastContext = createContext<ToastStore | null>(null);

/** Shows translated toasts: `useToasts().show(TOAST_MESSAGES.SAVE_ERROR)`. */
export function useToasts(): ToastStore {
  const store = useContext(ToastContext);
  if (!store) throw new Error('useToasts needs a ToastContext provider above it');
  return store;
}
