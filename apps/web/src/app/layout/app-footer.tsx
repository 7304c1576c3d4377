import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWebConfiguration } from '../../lib/auth/web-configuration.ts';

/**
 * Impressum and privacy links of the deployment (`IMPRINT_URL`, `PRIVACY_URL`); without either
 * there is no footer at all, not an empty rule.
 */
export function AppFooter() {
  const { t } = useTranslation();
  const config = useWebConfiguration();
  if (!config.imprintUrl && !config.privacyUrl) return null;

  return (
    <Group
      component="footer"
      aria-label={t('FOOTER.LABEL')}
      className="app-footer"
      gap="md"
      py="md"
    >
      {config.imprintUrl && (
        <Anchor href={config.imprintUrl} size="sm">
          {t('FOOTER.IMPRINT')}
        </Anchor>
      )}
      {config.privacyUrl && (
        <Anchor href={config.privacyUrl} size="sm">
          {t('FOOTER.PRIVACY')}
        </Anchor>
      )}
    </Group>
  );
}
