import { lazy, Suspense } from 'react';
import { useIdleTimeout } from './use-idle-timeout.ts';

const IdleDialog = lazy(async () => ({ default: (await import('./idle-dialog.tsx')).IdleDialog }));

interface IdleWarningProps {
  timeoutMinutes: number;
  onSignOut: () => void;
}

/**
 * Practices share reception computers: after `timeoutMinutes` without activity a dialog counts
 * down, then signs the user out unless they choose to stay.
 */
export function IdleWarning({ timeoutMinutes, onSignOut }: IdleWarningProps) {
  const { phase, stayActive } = useIdleTimeout(timeoutMinutes * 60_000, onSignOut);
  if (phase.kind !== 'warning') return null;
  return (
    <Suspense fallback={null}>
      <IdleDialog secondsLeft={phase.secondsLeft} onStay={stayActive} onSignOut={onSignOut} />
    </Suspense>
  );
}
