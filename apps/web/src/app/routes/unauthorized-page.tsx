import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ErrorCode, ROUTES } from '@pp/contract';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiCallError } from '../../lib/api/api-context.ts';
import { errorTextKey } from '../../lib/api/error-texts.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { customerDataQueryKey } from '../../lib/ui-state/api/get-customer-data.ts';
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

/**
 * The refusals of a first sign-in (apps/api/src/lib/customers/first-sign-in.ts): trying again
 * changes nothing until the person (or the CRM's users) act, so the page says which it was.
 */
const SIGN_IN_REFUSALS: readonly ErrorCode[] = [
  ErrorCode.identityUnverified,
  ErrorCode.prohibitedAlias,
  ErrorCode.emailNotAccepted,
  ErrorCode.identityConflict,
  ErrorCode.accessRemoved,
  ErrorCode.customerRecordRefused,
];

/** The text for why the customer's data did not load: the refusal's own, else the general one. */
function reasonTextKey(error: unknown): string {
  const refused =
    error instanceof ApiCallError && error.status === 403 && SIGN_IN_REFUSALS.includes(error.code);
  return refused ? errorTextKey(error.code) : 'UNAUTHORIZED.TEXT';
}

/** Customer data could not be loaded: explains, and offers to try again or to sign out. */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [retrying, setRetrying] = useState(false);
  // Read when the startup (or a retry) has settled, not while a retry runs: a new load of the
  // customer clears the last one's error, and the text would change back and forth.
  const reasonOfLastLoad = () =>
    reasonTextKey(queryClient.getQueryState(customerDataQueryKey)?.error);
  const [reason, setReason] = useState(reasonOfLastLoad);

  const retry = async () => {
    setRetrying(true);
    await queryClient.refetchQueries({ queryKey: startupQueryKey });
    setRetrying(false);
    const outcome = queryClient.getQueryData<StartupOutcome>(startupQueryKey);
    if (outcome === 'ready') void navigate(returnPath(location.state), { replace: true });
    else setReason(reasonOfLastLoad());
  };

  return (
    <>
      <PageHeader title={t('UNAUTHORIZED.TITLE')} />
      <Text mb="lg" maw="40rem">
        {t(reason)}
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
