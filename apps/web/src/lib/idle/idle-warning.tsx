import { lazy, Suspense } from 'react';
import { useAuth } from '../auth/auth-context.ts';
import { useIdleTimeout } from './use-idle-timeout.ts';

const IdleDialog = lazy(async () => ({ default: (await import('./idle-dialog.tsx')).IdleDialog }));

interface IdleWarningProps {
  /** The deployment's `IDLE_TIMEOUT_MINUTES`: the time without activity until the sign-out. */
  timeoutMinutes: number;
  /** The user's own choice in the warning. */
  onSignOut: () => void;
}

/**
 * Practices share reception computers: `timeoutMinutes` without activity sign the user out, and
 * the provider's sign-in page says it was for inactivity. A dialog counts the last seconds down
 * (a minute, less for short timeouts) and lets the user stay.
 */
export function IdleWarning({ timeoutMinutes, onSignOut }: IdleWarningProps) {
  const auth = useAuth();
  const { phase, stayActive } = useIdleTimeout(
    timeoutMinutes * 60_000,
    () => void auth.signOut('idle'),
  );
  if (phase.kind !== 'warning') return null;
  return (
    <Suspense fallback={null}>
      <IdleDialog secondsLeft={phase.secondsLeft} onStay={stayActive} onSignOut={onSignOut} />
    </Suspense>
  );
}
