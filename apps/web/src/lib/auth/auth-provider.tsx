import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { AuthContext, type Auth } from './auth-context.ts';
import { AuthFailure, AuthWait } from './auth-screens.tsx';
import type { AuthSession } from './auth-session.ts';
import { WebConfigurationContext } from './web-configuration.ts';

/**
 * Renders its children only for a signed-in user, with the configuration the session loaded;
 * until then the wait or the failure.
 */
export function AuthProvider({ session, children }: { session: AuthSession; children: ReactNode }) {
  useEffect(() => {
    void session.start();
  }, [session]);
  const status = useSyncExternalStore(session.subscribe, session.status);
  const profile = status.kind === 'signed-in' ? status.user.profile : undefined;
  const subject = profile?.sub;
  const email = profile?.email;
  const name = profile?.name;

  // Renewals replace the user object; the app re-renders only when who is signed in changes.
  const auth = useMemo<Auth | undefined>(
    () =>
      subject === undefined
        ? undefined
        : {
            user: { subject, email, name },
            getAccessToken: session.accessToken,
            signIn: session.signIn,
            switchAccount: session.switchAccount,
            startAction: session.startAction,
            signOut: session.signOut,
          },
    [session, subject, email, name],
  );

  const configuration = session.configuration();
  if (status.kind === 'failed') {
    return (
      <AuthFailure
        portalName={configuration?.portalName}
        cancelled={status.cancelled}
        onRetry={() => void session.retry()}
        onSignOut={configuration ? () => void session.signOut() : undefined}
      />
    );
  }
  if (!auth || !configuration) {
    return (
      <AuthWait portalName={configuration?.portalName} signingOut={status.kind === 'signing-out'} />
    );
  }
  return (
    <WebConfigurationContext.Provider value={configuration}>
      <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>
    </WebConfigurationContext.Provider>
  );
}
