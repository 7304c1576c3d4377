import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { calls, type Language } from '@pp/contract';
import { useApiClient } from '../api/api-context.ts';
import { useToasts } from '../toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../toasts/toast-store.ts';
import { customerDataQueryKey } from './api/get-customer-data.ts';
import { useCustomer } from './use-customer.ts';

/** The saves of this tab, one after another: quick switches arrive in order, the last one wins. */
let saves: Promise<void> = Promise.resolve();

/**
 * Saves the interface language as the customer's preferred language (it also chooses the
 * language of their mails, docs/product.md §3), in the background: nothing waits for it. Without
 * customer data (e.g. on /unauthorized) there is nobody to save it for. Quick switches are
 * saved in order, so the last one wins. A promise chain rather than a mutation: the header is on
 * the first screen, and TanStack's mutations would add their code to it (decision 0012).
 */
export function useSavePreferredLanguage(): (language: Language) => void {
  const customer = useCustomer();
  const toasts = useToasts();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const customerId = customer?.customerId;

  return useCallback(
    (language) => {
      if (!customerId) return;
      saves = saves.then(() =>
        client
          .call(calls.customerUpdateCustomerData, { body: { preferredLanguage: language } })
          .then(
            () => queryClient.invalidateQueries({ queryKey: customerDataQueryKey }),
            () => toasts.show(TOAST_MESSAGES.SAVE_ERROR),
          ),
      );
    },
    [customerId, client, queryClient, toasts],
  );
}
