import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WebConfiguration } from '@pp/contract';

type SelfService = NonNullable<WebConfiguration['selfService']>;

/**
 * For a provider the portal does not administer (Entra ID, decision 0035): the password and the
 * sign-in address are changed on the provider's own pages, which open in a new tab.
 */
export function SelfServiceLinks({ links }: { links: SelfService }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" mt="md">
        {t('ACCOUNT.SELF_SERVICE_HINT')}
      </Text>
      <Group mt="xs">
        <Anchor href={links.passwordUrl} target="_blank" rel="noopener noreferrer">
          {t('ACCOUNT.SELF_SERVICE_PASSWORD')}
        </Anchor>
        <Anchor href={links.accountUrl} target="_blank" rel="noopener noreferrer">
          {t('ACCOUNT.SELF_SERVICE_ACCOUNT')}
        </Anchor>
      </Group>
    </>
  );
}
