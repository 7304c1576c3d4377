import { useCallback } from 'react';
import { portalRoleOf, type Customer, type PortalRole } from '@pp/contract';
import { useCustomerData } from './api/get-customer-data.ts';
import { activeCompanyOf, companiesOf, type Company } from './companies.ts';
import { useUiState } from './ui-state-context.ts';

// Screens read the customer's data from the query cache, so a refetch (after a save that
// invalidates it) reaches every place that shows it.

const NO_COMPANIES: readonly Company[] = [];

/** The signed-in customer; undefined until the startup has loaded them. */
export function useCustomer(): Customer | undefined {
  return useCustomerData().data;
}

/** The customer's practices, the primary one first. */
export function useCompanies(): readonly Company[] {
  return useCustomerData(companiesOf).data ?? NO_COMPANIES;
}

/** The practice the user works in: chosen in this tab, else the primary, else the first. */
export function useActiveCompany(): Company | undefined {
  const chosenCompanyId = useUiState((state) => state.chosenCompanyId);
  const select = useCallback(
    (customer: Customer) => activeCompanyOf(customer, chosenCompanyId),
    [chosenCompanyId],
  );
  return useCustomerData(select).data;
}

/** The role for the URL access check: admin when admin or superadmin of the active practice. */
export function usePortalRole(): PortalRole {
  return portalRoleOf(useActiveCompany()?.role);
}
