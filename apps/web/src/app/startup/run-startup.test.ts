import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@pp/contract';
import { createApiClient } from '../../lib/api/create-api-client.ts';
import { customerDataQueryKey } from '../../lib/ui-state/api/get-customer-data.ts';
import { prohibitedAliasesQueryKey } from '../../lib/ui-state/api/get-email-prohibited-alias.ts';
import { createUiStore } from '../../lib/ui-state/ui-store.ts';
import { onCall } from '../../testing/call-handler.ts';
import { clara } from '../../testing/demo-customers.ts';
import { apiCalls, problem, server } from '../../testing/portal-server.ts';
import { runStartup } from './run-startup.ts';

afterEach(() => vi.restoreAllMocks());

function startup({ token }: { token: string | undefined } = { token: 'token' }) {
  const queryClient = new QueryClient();
  const store = createUiStore(window.sessionStorage);
  const toasts: string[] = [];
  let signIns = 0;
  const client = createApiClient({
    apiOrigin: window.location.origin,
    getAccessToken: () => token,
    onUnauthorized: () => undefined,
    getLanguage: () => 'de',
  });
  const outcome = runStartup({
    queryClient,
    client,
    store,
    getAccessToken: () => token,
    signIn: async () => {
      signIns++;
    },
    language: 'de',
    showToast: (key) => toasts.push(key),
  });
  return { outcome, queryClient, store, toasts, signIns: () => signIns };
}

describe('runStartup', () => {
  it('keeps the customer and the prohibited aliases in the query cache', async () => {
    const { outcome, queryClient, store, toasts } = startup();
    expect(await outcome).toBe('ready');
    expect(queryClient.getQueryData(prohibitedAliasesQueryKey)).toEqual(['info', 'praxis']);
    expect(queryClient.getQueryData(customerDataQueryKey)).toEqual(clara);
    expect(store.getState().token).toBe('token');
    expect(toasts).toEqual([]);
  });

  it('uses ["info"] when the prohibited aliases cannot be loaded, without a toast', async () => {
    server.use(
      onCall(calls.utilityEmailProhibitedAlias, () => problem(503, 'service_unavailable')),
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { outcome, queryClient, toasts } = startup();
    expect(await outcome).toBe('ready');
    expect(queryClient.getQueryData(prohibitedAliasesQueryKey)).toEqual(['info']);
    expect(toasts).toEqual([]);
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('reports a missing customer with MESSAGES.GET_ERROR', async () => {
    server.use(onCall(calls.customerGetCustomerData, () => problem(500, 'internal_error')));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { outcome, queryClient, toasts } = startup();
    expect(await outcome).toBe('no-customer');
    expect(queryClient.getQueryData(customerDataQueryKey)).toBeUndefined();
    expect(toasts).toEqual(['MESSAGES.GET_ERROR']);
  });

  it('shows MESSAGES.GET_ERROR once each for failed customer and picklists', async () => {
    server.use(
      onCall(calls.customerGetCustomerData, () => problem(500, 'internal_error')),
      onCall(calls.customerGetPicklists, () => problem(500, 'internal_error')),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { outcome, toasts } = startup();
    expect(await outcome).toBe('no-customer');
    expect(toasts).toEqual(['MESSAGES.GET_ERROR', 'MESSAGES.GET_ERROR']);
  });

  it('signs in without calling the api when there is no access token', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { outcome, signIns } = startup({ token: undefined });
    expect(await outcome).toBe('signing-in');
    expect(signIns()).toBe(1);
    expect(apiCalls()).toEqual([]);
  });
});
