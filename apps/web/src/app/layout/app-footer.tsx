import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATEMENT_PATH } from '../../components/navigation/statement-path.ts';
import { useWebConfiguration } from '../../lib/auth/web-configuration.ts';

/** One legal link: the page when configured, outside production a placeholder naming its setting. */
function LegalLink({
  url,
  label,
  missing,
}: {
  url: string | null;
  label: string;
  missing: string;
}) {
  const config = useWebConfiguration();
  if (url) {
    return (
      <Anchor href={url} size="sm">
        {label}
      </Anchor>
    );
  }
  if (!config.legalLinkPlaceholders) return null;
  return <Text size="sm">{missing}</Text>;
}

/**
 * Impressum and privacy links of the deployment (`IMPRINT_URL`, `PRIVACY_URL`), and the
 * accessibility statement. Outside production an unset legal link shows as a placeholder that
 * says it must be configured; in production it shows nothing (issue 22, point 16). The statement
 * is a page of its own, loaded without the app (decision 0080): a plain link, not the router's.
 */
export function AppFooter() {
  const { t } = useTranslation();
  const config = useWebConfiguration();

  return (
    <Group
      component="footer"
      aria-label={t('FOOTER.LABEL')}
      className="app-footer"
      gap="md"
      py="md"
    >
      <LegalLink
        url={config.imprintUrl}
        label={t('FOOTER.IMPRINT')}
        missing={t('FOOTER.IMPRINT_MISSING')}
      />
      <LegalLink
        url={config.privacyUrl}
        label={t('FOOTER.PRIVACY')}
        missing={t('FOOTER.PRIVACY_MISSING')}
      />
      <Anchor href={STATEMENT_PATH} size="sm">
        {t('FOOTER.ACCESSIBILITY')}
      </Anchor>
    </Group>
  );
}
