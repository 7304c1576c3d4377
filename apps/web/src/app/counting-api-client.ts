import type { ApiClient } from '../lib/api/api-context.ts';
import type { UiStore } from '../lib/ui-state/ui-store.ts';

/**
 * Every api call counts as a running operation for the global spinner, and leaves the token it
 * was sent with in the UI state.
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
        return await client.call(call, input);
      } finally {
        store.stopLoading();
      }
    },
  };
}
