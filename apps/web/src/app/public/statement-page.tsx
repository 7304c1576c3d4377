import '@mantine/core/styles/Container.css';
import { Anchor, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WebConfiguration } from '@pp/contract';
import { AccessibilityStatement } from '../../features/accessibility-statement/components/accessibility-statement.tsx';
import { rememberLanguage, switchLanguage, type Language } from '../../lib/i18n/i18n.ts';
import { ColorSchemeToggle } from '../layout/color-scheme-toggle.tsx';
import { ROUTES } from '@pp/contract';

const MAIN_ID = 'statement';

/** The other language, named in it; remembered for the portal as the header's switch does. */
function LanguageButton() {
  const { i18n } = useTranslation();
  const other: Language = i18n.resolvedLanguage === 'en' ? 'de' : 'en';
  const { t } = useTranslation();
  const choose = async () => {
    if (await switchLanguage(i18n, other)) rememberLanguage(other);
  };
  return (
    <Anchor component="button" type="button" lang={other} onClick={() => void choose()}>
      {t(`LANGUAGE.${other.toUpperCase()}`)}
    </Anchor>
  );
}

/**
 * `/accessibility` as a page of its own (decision 0080): shown without a session, for anyone
 * who follows the link of a footer or of the provider's pages, signed in or not; no api call,
 * only the public configuration for the contact and the legal links.
 */
export function StatementPage({ configuration }: { configuration: WebConfiguration | null }) {
  const { t } = useTranslation();
  const portalName = configuration?.portalName ?? t('APP.NAME');

  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {t('HEADER.SKIP_LINK')}
      </a>
      <Container size="md" py="md">
        <Group component="header" justify="space-between" mb="lg">
          <Anchor href={ROUTES.dashboard} fw={700}>
            {portalName}
          </Anchor>
          <Group gap="sm">
            <LanguageButton />
            <ColorSchemeToggle />
          </Group>
        </Group>
        <main id={MAIN_ID} tabIndex={-1}>
          <AccessibilityStatement
            portalName={portalName}
            contact={configuration?.accessibilityContact ?? null}
          />
        </main>
        <Group component="footer" aria-label={t('FOOTER.LABEL')} gap="md" mt="xl" py="md">
          {configuration?.imprintUrl && (
            <Anchor href={configuration.imprintUrl} size="sm">
              {t('FOOTER.IMPRINT')}
            </Anchor>
          )}
          {configuration?.privacyUrl && (
            <Anchor href={configuration.privacyUrl} size="sm">
              {t('FOOTER.PRIVACY')}
            </Anchor>
          )}
          <Text size="sm">
            <Anchor href={ROUTES.dashboard}>{t('ACCESSIBILITY_STATEMENT.TO_PORTAL')}</Anchor>
          </Text>
        </Group>
      </Container>
    </>
  );
}
