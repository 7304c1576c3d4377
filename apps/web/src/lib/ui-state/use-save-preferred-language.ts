import { useCallback } from 'react';
import type { Language } from '@pp/contract';
import { useToasts } from '../toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../toasts/toast-store.ts';
import { useUpdateCustomerData } from './api/update-customer-data.ts';
import { useCustomer } from './use-customer.ts';

/**
 * Saves the interface language as the customer's preferred language (it also chooses the
 * language of their mails, docs/product.md §3), in the background: nothing waits for it. Without
 * customer data (e.g. on /unauthorized) there is nobody to save it for. Quick switches are
 * saved in order, so the last one wins.
 */
export function useSavePreferredLanguage(): (language: Language) => void {
  const customer = useCustomer();
  const toasts = useToasts();
  const { mutate } = useUpdateCustomerData('preferred-language');
  const customerId = customer?.customerId;

  return useCallback(
    (language) => {
      if (!customerId) return;
      mutate(
        { preferredLanguage: language },
        { onError: () => toasts.show(TOAST_MESSAGES.SAVE_ERROR) },
      );
    },
    [customerId, mutate, toasts],
  );
}
