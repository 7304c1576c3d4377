import { useEffect } from 'react';
import { useUiStore } from '../../lib/ui-state/ui-state-context.ts';

/** Suspense fallback: a screen's code still loading counts as a running operation. */
export function PendingOperation() {
  const store = useUiStore();
  useEffect(() => {
    store.startLoading();
    return () => store.stopLoading();
  }, [store]);
  return null;
}
