import { Anchor, Button, Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { useAuth } from '../lib/auth/auth-context.ts';
import { useWebConfiguration } from '../lib/auth/web-configuration.ts';
import { useActiveCompany } from '../lib/ui-state/use-customer.ts';
import { PageHeader } from './page-header.tsx';

// What the portal shows while the active practice requires a second factor that the sign-in did
// not have (`second_factor_required`, decision 0069). Loaded only then, as one chunk for the
// practice's screens and the dashboard: not in the first screen.

/**
 * Why, and the ways to a second factor the provider offers: its sign-in with a second factor
 * (`step-up` of the configuration, decision 0073: the embedded provider's `pp_action=step-up`,
 * Keycloak's `kc_action`, Entra's claims request, Auth0's `acr_values`), which asks for the app
 * or passkey the person has, or sets up an app first, and returns here signed in anew; adding a
 * passkey where the provider offers that (adding proves nothing, issue 41: the sign-in with it
 * follows); where the provider offers neither, its page of the sign-in methods.
 */
function SecondFactorWays({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const auth = useAuth();
  // Read here, not through account-actions.ts: a module shared with the security page would be
  // a chunk of its own, named in the first screen's preload lists (its budget).
  const { pageUrl, actions } = useWebConfiguration().accountSecurity;
  const stepUp = actions['step-up'];
  const addPasskey = stepUp && actions['add-passkey'];
  const practice = useActiveCompany()?.name;
  return (
    <>
      <Text mb="sm">
        {practice
          ? t('SECOND_FACTOR_REQUIRED.TEXT', { practice })
          : t('ERRORS.second_factor_required')}
      </Text>
      <Text mb="lg">
        {[
          t(stepUp ? 'SECOND_FACTOR_REQUIRED.HINT' : 'SECOND_FACTOR_REQUIRED.HINT_PROVIDER'),
          addPasskey ? t('SECOND_FACTOR_REQUIRED.HINT_PASSKEY') : '',
          t('SECOND_FACTOR_REQUIRED.STILL_OPEN'),
        ]
          .filter(Boolean)
          .join(' ')}
      </Text>
      <Group gap="sm">
        {stepUp && (
          <Button onClick={() => void auth.runAccountAction(stepUp)}>
            {t('SECOND_FACTOR_REQUIRED.SET_UP')}
          </Button>
        )}
        {addPasskey && (
          <Button variant="outline" onClick={() => void auth.runAccountAction(addPasskey)}>
            {t('SECOND_FACTOR_REQUIRED.ADD_PASSKEY')}
          </Button>
        )}
        {!stepUp && pageUrl && (
          <Anchor href={pageUrl} target="_blank" rel="noopener noreferrer">
            {t('SECOND_FACTOR_REQUIRED.PROVIDER_PAGE')}
          </Anchor>
        )}
        {children}
      </Group>
    </>
  );
}

/**
 * A practice screen while its practice refuses: the screen's place, with the ways to a second
 * factor. The person's own screens and the list of practices (to switch or leave) stay open.
 */
export function SecondFactorPanel() {
  const { t } = useTranslation();
  return (
    <section data-second-factor-required>
      <PageHeader title={t('SECOND_FACTOR_REQUIRED.TITLE')} />
      <SecondFactorWays>
        <Button component={Link} to={ROUTES.myPractice} variant="default">
          {t('SECOND_FACTOR_REQUIRED.MY_PRACTICES')}
        </Button>
      </SecondFactorWays>
    </section>
  );
}

/**
 * The dashboard's notice while the active practice refuses (issue 43): it stays until the
 * practice answers again, unlike the failed load's toast, and offers the same ways.
 */
export function SecondFactorNotice() {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby="second-factor-notice" mb="lg">
      <Title order={2} size="h4" id="second-factor-notice" mb="xs">
        {t('SECOND_FACTOR_REQUIRED.TITLE')}
      </Title>
      <SecondFactorWays />
    </Card>
  );
}
