/** How long a toast stays (docs/specification.md §9). */
export const TOAST_DURATION_MS = 2000;

/** The message keys of the specification's error catalogue (§8) and our success messages. */
export const TOAST_MESSAGES = {
  GET_ERROR: 'MESSAGES.GET_ERROR',
  SAVE_ERROR: 'MESSAGES.SAVE_ERROR',
  /** The save's request never reached the server (offline, the connection dropped). */
  SAVE_OFFLINE: 'MESSAGES.SAVE_OFFLINE',
  SAVE_SUCCESS: 'MESSAGES.SAVE_SUCCESS',
} as const;

export type ToastKind = 'error' | 'success';

export interface Toast {
  id: number;
  kind: ToastKind;
  /** A translation key, translated when shown. */
  messageKey: string;
}

export interface ToastStore {
  getToasts(): readonly Toast[];
  subscribe(listener: () => void): () => void;
  /** Shows a toast for {@link TOAST_DURATION_MS}. */
  show(messageKey: string, kind?: ToastKind): void;
  dismiss(id: number): void;
}

export function createToastStore(durationMs = TOAST_DURATION_MS): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const set = (next: readonly Toast[]) => {
    toasts = next;
    for (const listener of listeners) listener();
  };
  const dismiss = (id: number) => set(toasts.filter((toast) => toast.id !== id));

  return {
    getToasts: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(messageKey, kind = 'error') {
      const id = nextId++;
      set([...toasts, { id, kind, messageKey }]);
      setTimeout(() => dismiss(id), durationMs);
    },
    dismiss,
  };
}
