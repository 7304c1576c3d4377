import { useTranslation } from 'react-i18next';
import { useWebConfiguration } from '../lib/auth/web-configuration.ts';

/** The operator's name of the portal (`PORTAL_NAME`), else the translated "Praxisportal". */
export function usePortalName(): string {
  const { t } = useTranslation();
  return useWebConfiguration().portalName ?? t('APP.NAME');
}
