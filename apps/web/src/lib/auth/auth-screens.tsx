import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// Styled by first-paint.css (`pp-auth-*`): these screens show without Mantine's provider, and
// look like the entry's own wait (entry-wait.ts), which they replace.

interface AuthCardProps {
  /** The operator's `PORTAL_NAME`, once the configuration is loaded; else the translated default. */
  portalName?: string | null | undefined;
  busy?: boolean;
  children: ReactNode;
}

function AuthCard({ portalName, busy = false, children }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <main className="pp-auth" aria-busy={busy || undefined}>
      <div className="pp-auth-card">
        <h1>{portalName ?? t('APP.NAME')}</h1>
        {children}
      </div>
    </main>
  );
}

/** Shown while the session is checked or the browser is on its way to the provider. */
export function AuthWait({
  portalName,
  signingOut = false,
}: {
  portalName?: string | null | undefined;
  signingOut?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <AuthCard portalName={portalName} busy>
      <p role="status">{t(signingOut ? 'AUTH.SIGNING_OUT' : 'AUTH.SIGNING_IN')}</p>
    </AuthCard>
  );
}

interface AuthFailureProps {
  portalName?: string | null | undefined;
  /** The user chose "Cancel" on the provider's page: not an error, just the way back in. */
  cancelled: boolean;
  onRetry: () => void;
  /** Offered after a failure once the provider is known (a session there may be the cause). */
  onSignOut?: (() => void) | undefined;
}

/** Sign-in did not succeed (cancelled, refused, provider unreachable): the user decides. */
export function AuthFailure({ portalName, cancelled, onRetry, onSignOut }: AuthFailureProps) {
  const { t } = useTranslation();
  return (
    <AuthCard portalName={portalName}>
      {cancelled ? <p>{t('AUTH.CANCELLED')}</p> : <p role="alert">{t('AUTH.FAILED')}</p>}
      <div className="pp-auth-actions">
        <button type="button" onClick={onRetry}>
          {t('AUTH.SIGN_IN_AGAIN')}
        </button>
        {!cancelled && onSignOut && (
          <button type="button" className="pp-auth-secondary" onClick={onSignOut}>
            {t('USER_MENU.SIGN_OUT')}
          </button>
        )}
      </div>
    </AuthCard>
  );
}
