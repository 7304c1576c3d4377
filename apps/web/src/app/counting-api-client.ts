import { ErrorCode } from '@pp/contract';
import { ApiCallError, type ApiClient } from '../lib/api/api-context.ts';
import type { UiStore } from '../lib/ui-state/ui-store.ts';

/**
 * Every api call counts as a running operation for the global spinner, and leaves the token it
 * was sent with in the UI state. A practice call refused for a missing second factor marks the
 * UI state (decision 0069); one that succeeds again clears it.
 */
export function countingApiClient(
  client: ApiClient,
  store: UiStore,
  getAccessToken: () => string | undefined,
): ApiClient {
  return {
    async call(call, input) {
      store.startLoading();
      store.setToken(getAccessToken());
      try {
        const answer = await client.call(call, input);
        if (typeof call.access === 'object') store.setSecondFactorRequired(false);
        return answer;
      } catch (error) {
        if (error instanceof ApiCallError && error.code === ErrorCode.secondFactorRequired) {
          store.setSecondFactorRequired(true);
        }
        throw error;
      } finally {
        store.stopLoading();
      }
    },
  };
}
