import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ROUTES } from '@pp/contract';
import { PageHeader } from '../../components/page-header.tsx';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { startupQueryKey } from '../startup/use-startup.ts';
import type { StartupOutcome } from '../startup/run-startup.ts';

/** Where startup leaves its `from`: the URL the user had asked for. */
export interface UnauthorizedState {
  from: string;
}

function returnPath(state: unknown): string {
  if (
    typeof state === 'object' &&
    state !== null &&
    'from' in state &&
    typeof state.from === 'string'
  ) {
    return state.from;
  }
  return ROUTES.dashboard;
}

/** Customer data could not be loaded: explains, and offers to try again or to sign out. */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [retrying, setRetrying] = useState(false);

  const retry = async () => {
    setRetrying(true);
    await queryClient.refetchQueries({ queryKey: startupQueryKey });
    setRetrying(false);
    const outcome = queryClient.getQueryData<StartupOutcome>(startupQueryKey);
    if (outcome === 'ready') void navigate(returnPath(location.state), { replace: true });
  };

  return (
    <>
      <PageHeader title={t('UNAUTHORIZED.TITLE')} />
      <Text mb="lg" maw="40rem">
        {t('UNAUTHORIZED.TEXT')}
      </Text>
      <Group>
        <Button onClick={() => void retry()} loading={retrying}>
          {t('ACTIONS.RETRY')}
        </Button>
        <Button variant="default" onClick={() => void auth.signOut()}>
          {t('USER_MENU.SIGN_OUT')}
        </Button>
      </Group>
    </>
  );
}
