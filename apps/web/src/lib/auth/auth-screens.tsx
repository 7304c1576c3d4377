import { useTranslation } from 'react-i18next';

/** Shown while the session is checked or the browser is on its way to the provider. */
export function AuthWait({ signingOut = false }: { signingOut?: boolean }) {
  const { t } = useTranslation();
  return (
    <main className="auth-screen" aria-busy="true">
      <h1>{t('APP.NAME')}</h1>
      <p role="status">{t(signingOut ? 'AUTH.SIGNING_OUT' : 'AUTH.SIGNING_IN')}</p>
    </main>
  );
}

/** Sign-in did not succeed (refused, cancelled, provider unreachable): the user decides. */
export function AuthFailure({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="auth-screen">
      <h1>{t('APP.NAME')}</h1>
      <p role="alert">{t('AUTH.FAILED')}</p>
      <button type="button" onClick={onRetry}>
        {t('AUTH.SIGN_IN_AGAIN')}
      </button>
    </main>
  );
}
