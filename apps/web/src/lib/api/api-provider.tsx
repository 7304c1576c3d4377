import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/auth-context.ts';
import { ApiClientContext } from './api-context.ts';
import { createApiClient } from './create-api-client.ts';
import { signInNoticeOf } from './sign-in-notice.ts';

/** The api client of the signed-in session: its token, its language, a 401 signs in again. */
export function ApiProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { i18n } = useTranslation();
  const client = useMemo(
    () =>
      createApiClient({
        apiOrigin: window.location.origin,
        getAccessToken: auth.getAccessToken,
        onUnauthorized: (code) => void auth.signIn(signInNoticeOf(code)),
        getLanguage: () => i18n.resolvedLanguage ?? i18n.language,
      }),
    [auth, i18n],
  );
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}
