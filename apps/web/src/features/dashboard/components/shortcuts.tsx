import { Badge, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { navigationFor } from '../../../components/navigation/navigation-items.ts';
import { PRACTICE_SCREENS } from '../../../lib/ui-state/practice-screens.ts';
import { usePortalRole } from '../../../lib/ui-state/use-customer.ts';

/**
 * Links to the screens the user's role may open. Each card is one link as a whole (one focus
 * ring, clickable anywhere); its name is the card's title, its description what the screen does.
 * While the active practice requires a second factor the sign-in lacks, its screens' cards say
 * so first (issue 43): they open only the explanation.
 */
export function Shortcuts({ secondFactorRequired }: { secondFactorRequired: boolean }) {
  const { t } = useTranslation();
  const items = navigationFor(usePortalRole()).filter((item) => item.path !== ROUTES.dashboard);

  return (
    <section aria-labelledby="shortcuts">
      <Title order={2} size="h4" id="shortcuts" mb="sm">
        {t('DASHBOARD.SHORTCUTS')}
      </Title>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} className="card-link-list">
        {items.map((item) => {
          const id = `shortcut-${item.path.replaceAll('/', '-')}`;
          const needsFactor = secondFactorRequired && PRACTICE_SCREENS.has(item.path);
          return (
            <li key={item.path}>
              <Card
                component={Link}
                to={item.path}
                className="card-link"
                aria-labelledby={`${id}-title`}
                aria-describedby={`${needsFactor ? `${id}-badge ` : ''}${id}-description`}
              >
                <Text component="span" id={`${id}-title`} className="card-link-title">
                  {t(item.labelKey)}
                </Text>
                {needsFactor && (
                  <Badge id={`${id}-badge`} variant="outline" className="card-link-badge" mt={4}>
                    {t('DASHBOARD.SECOND_FACTOR_NEEDED')}
                  </Badge>
                )}
                <Text component="span" id={`${id}-description`} size="sm" c="dimmed" mt={4}>
                  {t(item.descriptionKey)}
                </Text>
              </Card>
            </li>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
