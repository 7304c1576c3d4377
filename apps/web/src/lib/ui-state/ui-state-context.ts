import { createContext, useContext, useSyncExternalStore } from 'react';
import type { UiState, UiStore } from './ui-store.ts';

export const UiStoreContext = createContext<UiStore | null>(null);

export function useUiStore(): UiStore {
  const store = useContext(UiStoreContext);
  if (!store) throw new Error('useUiStore needs a UiStoreContext provider above it');
  return store;
}

/** A slice of the UI state; the selector must return a value held in the state (or a primitive). */
export function useUiState<T>(select: (state: UiState) => T): T {
  const store = useUiStore();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

export function useIsLoading(): boolean {
  return useUiState((state) => state.loadingCount > 0);
}
