import { useMemo } from 'react';
import { useActiveCompany, useCustomer } from '../../../lib/ui-state/use-customer.ts';
import type { Viewer } from '../employee-permissions.ts';

/** The active practice and the signed-in user's place in it; undefined without a practice. */
export function useViewer():
  { companyId: string; practiceName: string; viewer: Viewer } | undefined {
  const customer = useCustomer();
  const active = useActiveCompany();
  const customerId = customer?.customerId;
  const role = active?.role;
  // The same object while the viewer stays: the list's rows are memoized on it.
  const viewer = useMemo(
    () => (customerId && role ? { customerId, role } : undefined),
    [customerId, role],
  );
  if (!active || !viewer) return undefined;
  return { companyId: active.companyId, practiceName: active.name, viewer };
}
