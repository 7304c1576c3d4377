import type { QueryClient } from '@tanstack/react-query';
import { ApiCallError, type ApiClient } from '../../lib/api/api-context.ts';
import { TOAST_MESSAGES } from '../../lib/toasts/toast-store.ts';
import { customerDataQueryOptions } from '../../lib/ui-state/api/get-customer-data.ts';
import { prohibitedAliasesQueryOptions } from '../../lib/ui-state/api/get-email-prohibited-alias.ts';
import { picklistsQueryOptions } from '../../lib/ui-state/api/get-picklists.ts';
import type { UiStore } from '../../lib/ui-state/ui-store.ts';

export interface StartupContext {
  queryClient: QueryClient;
  client: ApiClient;
  store: UiStore;
  getAccessToken: () => string | undefined;
  signIn: () => Promise<void>;
  language: string;
  showToast: (messageKey: string) => void;
}

/**
 * - `ready`: the customer is loaded (into the query cache, where screens read it);
 * - `no-customer`: their data could not be loaded, the user belongs on `/unauthorized`;
 * - `signing-in`: the session is gone and the browser is on its way to the provider.
 */
export type StartupOutcome = 'ready' | 'no-customer' | 'signing-in';

/** A 401 already started a fresh sign-in (the api client's job): nothing to tell the user. */
const signInStarted = (error: unknown) => error instanceof ApiCallError && error.status === 401;

/**
 * The specification's startup (§4): access token → customer data → prohibited aliases →
 * picklists, each step after the one before. A failed customer or picklist load shows
 * `MESSAGES.GET_ERROR`; every failure is logged to the console and nothing else.
 */
export async function runStartup(context: StartupContext): Promise<StartupOutcome> {
  const { queryClient, client, store } = context;
  const token = context.getAccessToken();
  store.setToken(token);
  if (!token) {
    console.error('Startup: no access token; signing in again');
    await context.signIn();
    return 'signing-in';
  }

  let customerLoaded = false;
  try {
    await queryClient.fetchQuery(customerDataQueryOptions(client));
    customerLoaded = true;
  } catch (error) {
    if (signInStarted(error)) return 'signing-in';
    console.error('Startup: customer data could not be loaded', error);
    context.showToast(TOAST_MESSAGES.GET_ERROR);
  }

  await queryClient.fetchQuery(prohibitedAliasesQueryOptions(client));

  try {
    await queryClient.fetchQuery(picklistsQueryOptions(client, context.language));
  } catch (error) {
    if (signInStarted(error)) return 'signing-in';
    console.error('Startup: picklists could not be loaded', error);
    context.showToast(TOAST_MESSAGES.GET_ERROR);
  }

  return customerLoaded ? 'ready' : 'no-customer';
}
