import { Anchor, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { PageHeader } from '../../components/page-header.tsx';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { useWebConfiguration } from '../../lib/auth/web-configuration.ts';
import { useActiveCompany } from '../../lib/ui-state/use-customer.ts';

/**
 * What a practice screen shows when the practice requires a second factor that the sign-in did
 * not have (`second_factor_required`, decision 0069): why, and the provider's sign-in with a
 * second factor that sets one up first (`step-up` of the configuration, decision 0073: the
 * embedded provider's `pp_action=step-up`, Keycloak's `kc_action`, Entra's claims request,
 * Auth0's `acr_values`), which returns to this screen signed in anew; where the provider offers
 * none, its page of the sign-in methods. The person's own screens and the list of practices (to
 * switch or leave) stay open.
 */
export function SecondFactorPanel() {
  const { t } = useTranslation();
  const auth = useAuth();
  // Read here, not through account-actions.ts: a module shared with the security page would be
  // a chunk of its own, named in the first screen's preload lists (its budget).
  const { pageUrl, actions } = useWebConfiguration().accountSecurity;
  const stepUp = actions['step-up'];
  const practice = useActiveCompany()?.name;
  return (
    <section data-second-factor-required>
      <PageHeader title={t('SECOND_FACTOR_REQUIRED.TITLE')} />
      <Text mb="sm">
        {practice
          ? t('SECOND_FACTOR_REQUIRED.TEXT', { practice })
          : t('ERRORS.second_factor_required')}
      </Text>
      <Text mb="lg">
        {t(stepUp ? 'SECOND_FACTOR_REQUIRED.HINT' : 'SECOND_FACTOR_REQUIRED.HINT_PROVIDER')}
      </Text>
      <Group gap="sm">
        {stepUp && (
          <Button onClick={() => void auth.runAccountAction(stepUp)}>
            {t('SECOND_FACTOR_REQUIRED.SET_UP')}
          </Button>
        )}
        {!stepUp && pageUrl && (
          <Anchor href={pageUrl} target="_blank" rel="noopener noreferrer">
            {t('SECOND_FACTOR_REQUIRED.PROVIDER_PAGE')}
          </Anchor>
        )}
        <Button component={Link} to={ROUTES.myPractice} variant="default">
          {t('SECOND_FACTOR_REQUIRED.MY_PRACTICES')}
        </Button>
      </Group>
    </section>
  );
}
