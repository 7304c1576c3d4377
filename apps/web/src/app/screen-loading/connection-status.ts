import { useSyncExternalStore } from 'react';

// How many screens wait to retry loading their code; one page has one count.
let waiting = 0;
const listeners = new Set<() => void>();

function set(count: number): void {
  waiting = count;
  for (const listener of listeners) listener();
}

export const connectionStatus = {
  beginRetry: () => set(waiting + 1),
  endRetry: () => set(Math.max(0, waiting - 1)),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a screen's code could not be fetched and is being tried again. */
export function useRetryingScreen(): boolean {
  return useSyncExternalStore(subscribe, () => waiting > 0);
}
