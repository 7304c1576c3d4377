import { Anchor, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { navigationFor } from '../../../components/navigation/navigation-items.ts';
import { usePortalRole } from '../../../lib/ui-state/use-customer.ts';

/** Links to the screens the user's role may open. */
export function Shortcuts() {
  const { t } = useTranslation();
  const items = navigationFor(usePortalRole()).filter((item) => item.path !== ROUTES.dashboard);

  return (
    <section aria-labelledby="shortcuts">
      <Title order={2} size="h4" id="shortcuts" mb="sm">
        {t('DASHBOARD.SHORTCUTS')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {items.map((item) => (
          <Card key={item.path} withBorder>
            <Anchor component={Link} to={item.path} fw={600}>
              {t(item.labelKey)}
            </Anchor>
            <Text size="sm" mt={4}>
              {t(item.descriptionKey)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
